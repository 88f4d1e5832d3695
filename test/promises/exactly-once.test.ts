/**
 * Promise: the trigger fires each job exactly once, whatever the timing, across restarts, in each
 * of n8n's ways of keeping a poll's state (n8n 2.41 by default and with durable poll cursors,
 * n8n 1.123; see harness/trigger/). Through n8n-core's PollContext against the sandbox: two
 * polls at once fire a finished job once; a job seen running only by a poll that emitted nothing
 * and finished while n8n restarted fires once (with Fire for Jobs Already Finished off too, where
 * n8n's mode allows it); a job removed from Job IDs and added back does not fire again; a 401 for
 * one job loses no other. The 1,000-job property: exactly-once-property-*.test.ts. About 3 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { controlJob, startJob } from '../harness/http';
import { inject, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness, jobEventsOf } from '../harness/trigger';

// Jobs only move when a test says so.
const env = useSandbox({ jobStepMs: 1_000_000_000 });

describe('the trigger fires once whatever the timing, in each of n8n’s modes', () => {
	test.each(N8N_MODES)('%s: two polls at once fire a finished job once', async (mode) => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const trigger = new TriggerHarness(env.credentials, { jobIds: jobId }, { mode });
		expect((await trigger.poll()).items).toBeNull();
		await controlJob(env.sandbox, jobId, { status: 'success' });
		// The slower poll (delayed answers) starts first and would commit last.
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${jobId}`,
			fault: 'slow-body',
			delayMs: 300,
			times: 1,
		});
		const [slow, fast] = await trigger.overlapping(2);
		const fired = [...(slow.items ?? []), ...(fast.items ?? [])];
		expect(fired.map((j) => j.jobId)).toEqual([jobId]);
		expect((await trigger.poll()).items).toBeNull();
		trigger.restart();
		expect((await trigger.poll()).items).toBeNull();
	});

	test('n8n 2.41 default: a job seen running only by a poll that emitted nothing, finished while n8n restarted, fires once (Fire for Jobs Already Finished on)', async () => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const trigger = new TriggerHarness(env.credentials, { jobIds: jobId }, { mode: 'default' });
		expect((await trigger.activate()).items).toBeNull();
		await controlJob(env.sandbox, jobId, { status: 'running' });
		expect((await trigger.poll()).items).toBeNull(); // kept in memory only
		await controlJob(env.sandbox, jobId, { status: 'success' });
		trigger.restart();
		expect((await trigger.activate()).items?.map((j) => [j.jobId, j.previousStatus])).toEqual([
			[jobId, 'pending'],
		]);
	});

	test('the same with Fire for Jobs Already Finished off: exact with durable poll cursors; without them the running sighting is lost', async () => {
		const outcome = async (mode: 'default' | 'durable') => {
			const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
			const parameters = { jobIds: jobId, options: { emitAlreadyFinished: false } };
			const trigger = new TriggerHarness(env.credentials, parameters, { mode });
			await trigger.poll();
			await controlJob(env.sandbox, jobId, { status: 'running' });
			await trigger.poll();
			await controlJob(env.sandbox, jobId, { status: 'success' });
			trigger.restart();
			const first = mode === 'durable' ? await trigger.poll() : await trigger.activate();
			return (first.items ?? []).length + ((await trigger.poll()).items ?? []).length;
		};
		expect(await outcome('durable')).toBe(1);
		expect(await outcome('default')).toBe(0);
	});
});

describe('Fire for Jobs Already Finished off: a job watched before it finished fires once', () => {
	test.each(N8N_MODES)(
		'%s: the first poll could not read J1, a poll that emitted nothing saw it running, it finished while n8n restarted: J1 fires once, and J2 (finished after the restart) once',
		async (mode) => {
			const [j1, j2] = [
				(await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId,
				(await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId,
			];
			for (const id of [j1, j2]) await controlJob(env.sandbox, id, { status: 'running' });
			const parameters = { jobIds: `${j1}, ${j2}`, options: { emitAlreadyFinished: false } };
			const t = new TriggerHarness(env.credentials, parameters, { mode });
			await inject(env.sandbox, {
				match: `/api/public/v1/jobs/${j1}`,
				fault: 'status',
				status: 400,
				times: 1,
			});
			expect((await t.firstPoll()).items).toBeNull(); // saved at activation (by default)
			expect((await t.poll()).items).toBeNull(); // J1 running: kept in memory only (by default)
			// n8n stops; J1 finishes; n8n starts again from what it saved; then J2 finishes.
			await controlJob(env.sandbox, j1, { status: 'success' });
			t.restart();
			const first = jobEventsOf((await t.firstPoll()).items);
			await controlJob(env.sandbox, j2, { status: 'success' });
			const later = jobEventsOf((await t.poll()).items);
			expect([...first, ...later]).toEqual([`${j1} success`, `${j2} success`]);
			expect((await t.poll()).items).toBeNull();
		},
	);
});

describe('the Job event across changed Job IDs and a failed poll', () => {
	/** A job that stays pending until the test moves it (held, whatever the sandbox's step). */
	const heldJob = async (assetId: string) => {
		const { jobId } = await startJob(env.sandbox, assetId);
		await controlJob(env.sandbox, jobId, { status: 'pending', hold: true });
		return jobId as string;
	};

	test('a job removed from Job IDs and added back does not fire again', async () => {
		const [a, b] = [
			await heldJob(SEED_IDS.salesforceOpportunities),
			await heldJob(SEED_IDS.stripePayments),
		];
		await controlJob(env.sandbox, a, { status: 'success' });
		const trigger = new TriggerHarness(env.credentials, { jobIds: `${a}, ${b}` });
		expect((await trigger.poll()).items?.map((j) => j.jobId)).toEqual([a]);
		trigger.setParameters({ jobIds: b });
		await trigger.poll();
		trigger.setParameters({ jobIds: `${a}, ${b}` });
		expect((await trigger.poll()).items).toBeNull();
	});

	test('an empty list in trigger mode is an error that leaves the state alone', async () => {
		const a = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		await controlJob(env.sandbox, a, { status: 'success' });
		const trigger = new TriggerHarness(env.credentials, { jobIds: a }, { mode: 'n8n1' });
		expect((await trigger.poll()).items?.map((j) => j.jobId)).toEqual([a]);
		const before = trigger.state;
		trigger.setParameters({ jobIds: '={{ "" }}' });
		const empty = await trigger.poll();
		expect(empty.error?.message).toBe('Job IDs: add at least one job id to watch');
		expect(trigger.state).toEqual(before);
		trigger.setParameters({ jobIds: a });
		expect((await trigger.poll()).items).toBeNull();
	});

	test('a 401 for one job in a poll loses no other job that finished', async () => {
		const [a, b] = [
			await heldJob(SEED_IDS.salesforceOpportunities),
			await heldJob(SEED_IDS.stripePayments),
		];
		const trigger = new TriggerHarness(env.credentials, { jobIds: `${a}, ${b}` }, { mode: 'n8n1' });
		expect((await trigger.poll()).items).toBeNull();
		await controlJob(env.sandbox, a, { status: 'success' });
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${b}`,
			fault: 'status',
			status: 401,
			times: 1,
		});
		expect((await trigger.poll()).error?.message).toMatch(/\[401 /);
		expect((await trigger.poll()).items?.map((j) => j.jobId)).toEqual([a]);
	});
});
