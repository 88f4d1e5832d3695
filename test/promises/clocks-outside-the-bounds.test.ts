/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A `Date` header moves "before" and "after" by an hour at most, and only when it is an HTTP
 * date: a service (or a proxy in front of it) that sends `0`, garbage, 1970, year 0001 or 9999
 * changes nothing the trigger keeps. The Asset event fires nothing from before its first reading
 * and every later change once, also after a restart, and its floor is never later than now; the
 * Job event (Fire for Jobs Already Finished off) keeps a job that finished before it was watched
 * silent and fires one that finished after. Through n8n-core's PollContext in each of n8n's ways
 * of keeping state, against the sandbox behind a proxy that writes the Date. No waits: about 2 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, changeAsset, controlJob, newAsset, startJob } from '../helpers/http';
import { useServiceProxies } from '../helpers/service-proxy';
import { inject, useSandbox } from '../harness/fixtures';
import {
	N8N_MODES,
	TriggerHarness,
	assetEventsOf,
	jobEventsOf,
	type N8nMode,
} from '../harness/trigger';

const env = useSandbox({ jobStepMs: 1_000_000_000 });

const proxy = useServiceProxies();
async function behindDate(date: string) {
	return { baseUrl: (await proxy(env.sandbox, { date: () => date })).url, apiKey: OWNER };
}

const DATES = [
	['0', '0'],
	['garbage', 'soon-ish'],
	['1970', 'Thu, 01 Jan 1970 00:00:00 GMT'],
	['year 0001', 'Mon, 01 Jan 0001 00:00:00 GMT'],
	['9999', 'Fri, 31 Dec 9999 23:59:59 GMT'],
] as const;
const CASES = N8N_MODES.flatMap((mode) => DATES.map(([name, date]) => [mode, name, date] as const));

test.each(CASES)(
	'%s, Date %s: the Asset event fires nothing from before its first reading and each later change once, also after a restart; its floor is not in the future',
	async (mode: N8nMode, _name, date) => {
		const t = new TriggerHarness(await behindDate(date), { event: 'asset' }, { mode });
		const first = await t.firstPoll();
		expect({ first: assetEventsOf(first.items), error: first.error?.message }).toEqual({
			first: [],
			error: undefined,
		});
		t.restart();
		const changed = [
			await changeAsset(env.sandbox, SEED_IDS.campaignAttribution),
			await changeAsset(env.sandbox, SEED_IDS.webAnalytics),
			await newAsset(env.sandbox, { name: 'Aardvark feed' }),
		];
		const next = await t.poll();
		expect({ fired: assetEventsOf(next.items).sort(), error: next.error?.message }).toEqual({
			fired: [
				`created Aardvark feed`,
				`updated ${changed[0].name}`,
				`updated ${changed[1].name}`,
			].sort(),
			error: undefined,
		});
		expect((await t.poll()).items).toBeNull();
		const { floor, watermark } = t.state.assets as any;
		expect(Math.max(floor, watermark)).toBeLessThanOrEqual(Date.now());
	},
);

test.each(CASES)(
	'%s, Date %s: with Fire for Jobs Already Finished off, a job that finished before it was watched stays silent, one that finished after fires once',
	async (mode: N8nMode, _name, date) => {
		const before = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const after = (await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId;
		await controlJob(env.sandbox, before, { status: 'success' });
		const parameters = { jobIds: `${before}, ${after}`, options: { emitAlreadyFinished: false } };
		const t = new TriggerHarness(await behindDate(date), parameters, { mode });
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
