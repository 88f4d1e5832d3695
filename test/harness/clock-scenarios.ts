/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The trigger where clocks disagree (test/promises/clocks*.test.ts): one body per event, run
 * against each service those files describe (a proxy in front of the sandbox that skews the
 * service's clock or writes its Date header), in each of n8n's ways of keeping state. The sandbox,
 * the proxies and the trigger share a test clock (harness/clock.ts): waiting "to the Date header's
 * second" takes no real time, and what happens after a reading happens 1 ms after it (the least a
 * real clock moves between two events; the test clock moves only when told).
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, changeAsset, controlJob, newAsset, startJob } from './http';
import { useServiceProxies, type ProxyOptions } from './service-proxy';
import { TestClock } from './clock';
import { testTransport } from './engine';
import { inject, useSandbox } from './fixtures';
import { TriggerHarness, assetEventsOf, jobEventsOf, type N8nMode } from './trigger';

interface AssetScenario {
	/** An asset changes before the first reading (it must not fire). */
	changedBefore?: boolean;
	/** How long (on the clock) after that the first reading comes. */
	settleMs?: number;
	/** n8n restarts after the first reading. */
	restart?: boolean;
	/** Assets changed after the first reading besides Campaign Attribution (and a new one). */
	alsoChanged?: string[];
	/** Check that the floor and watermark the trigger keeps are not later than its now. */
	floorNotInTheFuture?: boolean;
}

/** For a test file: a sandbox on a test clock, and the two bodies, each for one mode and service. */
export function useClockScenarios() {
	const clock = new TestClock();
	const env = useSandbox({ jobStepMs: 1_000_000_000, clock });
	const proxy = useServiceProxies();
	const watch = async (mode: N8nMode, service: ProxyOptions, parameters: INodeParameters) => {
		const { url } = await proxy(env.sandbox, { now: clock.now, ...service });
		const settings = { transport: testTransport({}, clock) };
		return new TriggerHarness({ baseUrl: url, apiKey: OWNER }, parameters, { mode, settings });
	};
	const settle = async (ms = 0) => {
		if (ms > 0) await clock.sleep(ms);
	};
	const AFTER_MS = 1;

	/** The Asset event fires nothing from before its first reading, and each later change once. */
	async function assetEvent(mode: N8nMode, service: ProxyOptions, scenario: AssetScenario = {}) {
		const t = await watch(mode, service, { event: 'asset' });
		if (scenario.changedBefore) await changeAsset(env.sandbox, SEED_IDS.stripePayments);
		await settle(scenario.settleMs);
		const first = await t.firstPoll();
		expect({ first: assetEventsOf(first.items), error: first.error?.message }).toEqual({
			first: [],
			error: undefined,
		});
		if (scenario.restart) t.restart();
		await settle(AFTER_MS);
		const fired: string[] = [];
		for (const id of [SEED_IDS.campaignAttribution, ...(scenario.alsoChanged ?? [])])
			fired.push(`updated ${(await changeAsset(env.sandbox, id)).name}`);
		fired.push(`created ${(await newAsset(env.sandbox, { name: 'Aardvark feed' })).name}`);
		const next = await t.poll();
		expect({ fired: assetEventsOf(next.items).sort(), error: next.error?.message }).toEqual({
			fired: fired.sort(),
			error: undefined,
		});
		expect((await t.poll()).items).toBeNull();
		if (scenario.floorNotInTheFuture) {
			const { floor, watermark } = t.state.assets as any;
			expect(Math.max(floor, watermark)).toBeLessThanOrEqual(clock.now());
		}
	}

	/**
	 * With Fire for Jobs Already Finished off, a job that finished before it was watched (`settleMs`
	 * before, on the clock) stays silent, one that finished after fires once.
	 */
	async function jobEvent(mode: N8nMode, service: ProxyOptions, settleMs = 0) {
		const before = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const after = (await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId;
		await controlJob(env.sandbox, before, { status: 'success' });
		await settle(settleMs);
		const parameters = { jobIds: `${before}, ${after}`, options: { emitAlreadyFinished: false } };
		const t = await watch(mode, service, parameters);
		// The first poll cannot read `after`, so its first answer will be final.
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${after}`,
			fault: 'status',
			status: 400,
			times: 1,
		});
		expect((await t.firstPoll()).items).toBeNull();
		await settle(AFTER_MS);
		await controlJob(env.sandbox, after, { status: 'failed' });
		expect(jobEventsOf((await t.poll()).items)).toEqual([`${after} failed`]);
		expect((await t.poll()).items).toBeNull();
	}

	return { assetEvent, jobEvent };
}
