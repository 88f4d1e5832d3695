/**
 * Promise: clocks that disagree lose nothing and fire nothing from before. The trigger decides
 * "before" and "after" on the service's clock (its answers' Date headers), not n8n's alone: a
 * service 2 minutes behind or ahead of n8n loses no change after the first reading and fires
 * none from before it; with Fire for Jobs Already Finished off, a job that finished before it was
 * watched stays silent and one that finished after fires once. Through n8n-core's PollContext, in
 * each of n8n's ways of keeping state, against the sandbox behind a proxy that skews its clock.
 * About 20 s (each case waits 1.5 s: a Date header tells time to the second).
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, changeAsset, controlJob, newAsset, sleep, startJob } from '../helpers/http';
import { useServiceProxies } from '../helpers/service-proxy';
import { inject, useSandbox } from '../harness/fixtures';
import {
	N8N_MODES,
	TriggerHarness,
	assetEventsOf,
	jobEventsOf,
	type N8nMode,
} from '../harness/trigger';

// Jobs only move when a test says so.
const env = useSandbox({ jobStepMs: 1_000_000_000 });

const proxy = useServiceProxies();
async function service(skewMs: number) {
	return { baseUrl: (await proxy(env.sandbox, { skewMs })).url, apiKey: OWNER };
}

const SKEWS = [
	['2 minutes behind', -120_000],
	['2 minutes ahead', 120_000],
] as const;
const CASES = N8N_MODES.flatMap((mode) => SKEWS.map(([name, skew]) => [mode, name, skew] as const));

describe('a service clock that disagrees with n8n’s', () => {
	test.each(CASES)(
		'%s, service %s: the Asset event fires what changes after the first reading, and nothing from before',
		async (mode: N8nMode, _name, skewMs) => {
			const t = new TriggerHarness(await service(skewMs), { event: 'asset' }, { mode });
			await changeAsset(env.sandbox, SEED_IDS.stripePayments); // before the first reading
			// The service's Date header tells its time to the second: this is well before.
			await sleep(1500);
			const first = await t.firstPoll();
			expect({ first: assetEventsOf(first.items), error: first.error?.message }).toEqual({
				first: [],
				error: undefined,
			});
			const changed = await changeAsset(env.sandbox, SEED_IDS.campaignAttribution);
			const created = await newAsset(env.sandbox, { name: 'Aardvark feed' });
			expect(assetEventsOf((await t.poll()).items).sort()).toEqual(
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
			expect((await t.firstPoll()).items).toBeNull();
			await controlJob(env.sandbox, after, { status: 'failed' });
			expect(jobEventsOf((await t.poll()).items)).toEqual([`${after} failed`]);
			expect((await t.poll()).items).toBeNull();
		},
	);
});
