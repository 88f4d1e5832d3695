/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Regression tests for issue 24 (the third outside review), points 3 and 8: clocks that disagree,
 * and a job whose first answer is final. The trigger decides "before" and "after" on the
 * service's clock (its answers' Date headers), not n8n's alone: a service 2 minutes behind or
 * ahead of n8n loses nothing and fires nothing from before. With Fire for Jobs Already Finished
 * off, a job the saved state shows was watched before it finished fires once, whatever the
 * trigger saw of it in between. Through n8n-core's PollContext, in each of n8n's ways of keeping
 * state. Cost: about 25 s (each clock case waits 1.5 s: a Date header tells time to the second).
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, changeAsset, controlJob, newAsset, startJob } from '../helpers/http';
import { serviceProxy, type ServiceProxy } from '../helpers/service-proxy';
import { inject, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness, type N8nMode } from '../harness/trigger';

const env = useSandbox({ jobStepMs: 1_000_000_000 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fired = (items: any[] | null) => (items ?? []).map((i) => `${i.event} ${i.name ?? i.id}`);
const jobsFired = (items: any[] | null) => (items ?? []).map((i) => `${i.jobId} ${i.status}`);

const proxies: ServiceProxy[] = [];
afterAll(async () => {
	await Promise.all(proxies.map(async (proxy) => await proxy.close()));
});
async function service(skewMs: number) {
	const proxy = await serviceProxy(env.sandbox, { skewMs });
	proxies.push(proxy);
	return { baseUrl: proxy.url, apiKey: OWNER };
}

/** The first poll n8n runs: at activation (durable cursors keep none that emits nothing). */
const firstPoll = async (t: TriggerHarness) =>
	t.mode === 'durable' ? await t.poll() : await t.activate();

const SKEWS = [
	['2 minutes behind', -120_000],
	['2 minutes ahead', 120_000],
] as const;
const CASES = N8N_MODES.flatMap((mode) => SKEWS.map(([name, skew]) => [mode, name, skew] as const));

describe('24.3 a service clock that disagrees with n8n’s', () => {
	test.each(CASES)(
		'%s, service %s: the Asset event fires what changes after the first reading, and nothing from before',
		async (mode: N8nMode, _name, skewMs) => {
			const t = new TriggerHarness(await service(skewMs), { event: 'asset' }, { mode });
			await changeAsset(env.sandbox, SEED_IDS.stripePayments); // before the first reading
			// The service's Date header tells its time to the second: this is well before.
			await sleep(1500);
			const first = await firstPoll(t);
			expect({ first: fired(first.items), error: first.error?.message }).toEqual({
				first: [],
				error: undefined,
			});
			const changed = await changeAsset(env.sandbox, SEED_IDS.campaignAttribution);
			const created = await newAsset(env.sandbox, { name: 'Aardvark feed' });
			expect(fired((await t.poll()).items).sort()).toEqual(
				[`created ${created.name}`, `updated ${changed.name}`].sort(),
			);
			expect((await t.poll()).items).toBeNull();
		},
	);

	test.each(CASES)(
		'%s, service %s: with Fire for Jobs Already Finished off, a job that finished before it was watched stays silent, one that finished after fires once',
		async (mode: N8nMode, _name, skewMs) => {
			const before = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
			const after = (await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId;
			await controlJob(env.sandbox, before, { status: 'success' });
			await sleep(1500); // well before the first poll, to the Date header's second
			const parameters = { jobIds: `${before}, ${after}`, options: { emitAlreadyFinished: false } };
			const t = new TriggerHarness(await service(skewMs), parameters, { mode });
			// The first poll cannot read `after` (so its first answer will be final).
			await inject(env.sandbox, {
				match: `/api/public/v1/jobs/${after}`,
				fault: 'status',
				status: 400,
				times: 1,
			});
			expect((await firstPoll(t)).items).toBeNull();
			await controlJob(env.sandbox, after, { status: 'failed' });
			expect(jobsFired((await t.poll()).items)).toEqual([`${after} failed`]);
			expect((await t.poll()).items).toBeNull();
		},
	);
});

describe('24.8 Fire for Jobs Already Finished off: a job watched before it finished fires once', () => {
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
			expect((await firstPoll(t)).items).toBeNull(); // saved at activation (by default)
			expect((await t.poll()).items).toBeNull(); // J1 running: kept in memory only (by default)
			// n8n stops; J1 finishes; n8n starts again from what it saved; then J2 finishes.
			await controlJob(env.sandbox, j1, { status: 'success' });
			t.restart();
			const first = jobsFired((await firstPoll(t)).items);
			await controlJob(env.sandbox, j2, { status: 'success' });
			const later = jobsFired((await t.poll()).items);
			expect([...first, ...later]).toEqual([`${j1} success`, `${j2} success`]);
			expect((await t.poll()).items).toBeNull();
		},
	);
});
