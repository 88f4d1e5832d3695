/**
 * Report Every Nth Failing Poll, through n8n-core's PollContext against the sandbox, in each way
 * n8n keeps a poll's state: while the key is refused, the first poll of the episode and every Nth
 * after fail (n8n runs the Error Workflow for those), the others return nothing; a poll that
 * works ends the episode and fires what changed meanwhile once. With durable poll cursors a
 * failed poll's state is not kept, so every failing poll fails (and n8n backs it off itself).
 * About 1 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { call, controlJob, startJob } from '../harness/http';
import { inject, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness, type N8nMode } from '../harness/trigger';

const env = useSandbox({ jobStepMs: 1_000_000_000 });

describe.each(N8N_MODES)('n8n mode %s', (mode: N8nMode) => {
	test('every 3rd: the 1st and the 4th failing poll fail, the others return nothing; a poll that works ends the episode', async () => {
		const start = async () => (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		// The second job never finishes: the trigger keeps asking for it.
		const [jobId, running] = [await start(), await start()];
		const t = new TriggerHarness(
			env.credentials,
			{ jobIds: `${jobId}, ${running}`, options: { reportEveryNthFailure: 3 } },
			{ mode },
		);
		expect((await t.firstPoll()).items).toBeNull();
		const refused = { match: '/api/public/v1/jobs/', fault: 'status', status: 401, times: 1000 };
		await inject(env.sandbox, refused);
		const failed = async (polls: number) => {
			const seen: boolean[] = [];
			for (let n = 0; n < polls; n++) {
				const result = await t.poll();
				if (!result.error) expect(result.items).toBeNull();
				seen.push(result.error !== undefined);
			}
			return seen;
		};
		const durable = mode === 'durable';
		expect(await failed(5)).toEqual(
			durable ? [true, true, true, true, true] : [true, false, false, true, false],
		);

		await controlJob(env.sandbox, jobId, { status: 'success' });
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		expect((await t.poll()).items!.map((j) => j.jobId)).toEqual([jobId]);
		await inject(env.sandbox, refused);
		expect(await failed(2)).toEqual(durable ? [true, true] : [true, false]);
	});

	test('an episode ends with the poll that works, even when n8n keeps no state of it: after a restart during a new outage the first failing poll fails', async () => {
		const running = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const t = new TriggerHarness(
			env.credentials,
			{ jobIds: running, options: { reportEveryNthFailure: 3 } },
			{ mode },
		);
		const refused = { match: '/api/public/v1/jobs/', fault: 'status', status: 401, times: 1000 };
		const failing = async (poll: () => Promise<{ error?: unknown }>) =>
			(await poll()).error !== undefined;
		// Activated during an outage (n8n keeps the activation poll's state), which then ends.
		await inject(env.sandbox, refused);
		expect(await failing(() => t.firstPoll())).toBe(true);
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		expect(await failing(() => t.poll())).toBe(false);
		// Restarted during a new outage: a new episode, the alert at its first failing poll.
		t.restart();
		await inject(env.sandbox, refused);
		const seen = [await failing(() => t.firstPoll())];
		for (let n = 0; n < 3; n++) seen.push(await failing(() => t.poll()));
		expect(seen).toEqual(
			mode === 'durable' ? [true, true, true, true] : [true, false, false, true],
		);
	});
});
