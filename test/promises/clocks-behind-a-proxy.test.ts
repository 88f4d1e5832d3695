/**
 * Behind a reverse proxy the `Date` header is the proxy's, not the clock that stamps the service's
 * times: "before" and "after" are then bounded by the service's own times (the newest `updatedAt`,
 * `startedAt` or `finishedAt` a poll read), the `Date` only a hint. Two services: times 2 minutes
 * behind a proxy whose `Date` is right, and a `Date` an hour ahead of times that are right. The
 * Asset event fires nothing from before its first reading and each later change once; the Job
 * event (Fire for Jobs Already Finished off) keeps a job that finished before it was watched
 * silent and fires one that finished after. The Model Version event uses no clock. Through
 * n8n-core's PollContext in each of n8n's ways of keeping state. No waits: about 2 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, changeAsset, controlJob, newAsset, startJob } from '../helpers/http';
import { useServiceProxies, type ProxyOptions } from '../helpers/service-proxy';
import { inject, useSandbox } from '../harness/fixtures';
import {
	N8N_MODES,
	TriggerHarness,
	assetEventsOf,
	jobEventsOf,
	type N8nMode,
} from '../harness/trigger';

const env = useSandbox({ jobStepMs: 1_000_000_000 });
const utc = (ms: number) => new Date(ms).toUTCString();

const proxy = useServiceProxies();
async function service(options: ProxyOptions) {
	return { baseUrl: (await proxy(env.sandbox, options)).url, apiKey: OWNER };
}

const SERVICES: Array<[string, ProxyOptions]> = [
	['times 2 minutes behind, the proxy’s Date right', { skewMs: -120_000, date: utc }],
	['times right, the Date an hour ahead', { date: (now) => utc(now + 3600_000) }],
];
const CASES = N8N_MODES.flatMap((mode) =>
	SERVICES.map(([name, options]) => [mode, name, options] as const),
);

test.each(CASES)(
	'%s, %s: the Asset event fires nothing from before its first reading and each later change once',
	async (mode: N8nMode, _name, options) => {
		const t = new TriggerHarness(await service(options), { event: 'asset' }, { mode });
		await changeAsset(env.sandbox, SEED_IDS.stripePayments); // before the first reading
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
	'%s, %s: with Fire for Jobs Already Finished off, a job that finished before it was watched stays silent, one that finished after fires once',
	async (mode: N8nMode, _name, options) => {
		const before = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const after = (await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId;
		await controlJob(env.sandbox, before, { status: 'success' });
		const parameters = { jobIds: `${before}, ${after}`, options: { emitAlreadyFinished: false } };
		const t = new TriggerHarness(await service(options), parameters, { mode });
		// The first poll cannot read `after`, so its first answer will be final.
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
