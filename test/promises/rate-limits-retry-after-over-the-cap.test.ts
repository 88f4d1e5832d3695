/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A `Retry-After` longer than the node waits (60 s; here 60000 s, milliseconds sent as seconds)
 * fails the poll with a NodeApiError, so n8n shows it and an Error Workflow gets it, records
 * nothing, and keeps no silence longer than 60 s: the poll after it asks again and fires every
 * change once. For the Asset and the Job event, in each of n8n's ways of keeping state, against
 * the sandbox; the trigger's clock is moved on by hand, so no test waits: about 2 s.
 */
import { NodeApiError } from 'n8n-workflow';

import { REAL_CLOCK } from '../../nodes/shared/transport/policy/clock';
import { SEED_IDS } from '../../sandbox/seed';
import { changeAsset, controlJob, newAsset, removeAsset, startJob } from '../harness/http';
import { TEST_TRANSPORT } from '../harness/engine';
import { inject, useSandbox } from '../harness/fixtures';
import {
	N8N_MODES,
	TriggerHarness,
	assetEventsOf,
	jobEventsOf,
	type N8nMode,
} from '../harness/trigger';

const env = useSandbox({ jobStepMs: 1_000_000_000 });
const CAP_MS = TEST_TRANSPORT.retry.maxRetryAfterMs;

/** A trigger whose clock runs `ahead` ms ahead of the real one (tests move it on). */
function triggerWithClock(mode: N8nMode, parameters: object) {
	const clock = { ahead: 0, now: () => Date.now() + clock.ahead };
	const transport = {
		...TEST_TRANSPORT,
		clock: { ...REAL_CLOCK, now: clock.now, random: () => 0.5 },
	};
	const t = new TriggerHarness(env.credentials, parameters as any, {
		mode,
		settings: { transport },
	});
	return { t, clock };
}

const refuseFor60000Seconds = (match: string) =>
	inject(env.sandbox, { match, fault: 'status', status: 429, retryAfterSeconds: 60_000, times: 1 });

/** The failed poll: a NodeApiError saying the service asked to wait too long. */
function expectVisibleFailure(result: Awaited<ReturnType<TriggerHarness['poll']>>) {
	expect(result.items).toBeNull();
	expect(result.error).toBeInstanceOf(NodeApiError);
	expect(result.error!.httpCode).toBe('429');
	expect((result.error as NodeApiError).description).toContain(
		'The service asked to wait 60000 s before retrying, longer than this node waits.',
	);
}

/** What the trigger keeps of the wait: never more than the cap. */
const keptWaitMs = (t: TriggerHarness, now: number) =>
	((t.state.rateLimitedUntil as number | undefined) ?? now) - now;

test.each(N8N_MODES)(
	'%s: the Asset event’s poll fails visibly, keeps no wait past 60 s, and the next poll fires every change once',
	async (mode) => {
		const { t, clock } = triggerWithClock(mode, { event: 'asset' });
		expect((await t.firstPoll()).error).toBeUndefined();
		const early = [
			await changeAsset(env.sandbox, SEED_IDS.campaignAttribution),
			await newAsset(env.sandbox, { name: 'Aardvark feed' }),
		];
		await refuseFor60000Seconds('/api/public/v1/assets');
		expectVisibleFailure(await t.poll());
		expect(keptWaitMs(t, clock.now())).toBeLessThanOrEqual(CAP_MS);
		const late = await changeAsset(env.sandbox, SEED_IDS.webAnalytics);
		clock.ahead += CAP_MS + 1000;
		const next = await t.poll();
		expect({ fired: assetEventsOf(next.items).sort(), error: next.error?.message }).toEqual({
			fired: [
				`updated ${early[0].name}`,
				`created ${early[1].name}`,
				`updated ${late.name}`,
			].sort(),
			error: undefined,
		});
		expect((await t.poll()).items).toBeNull();
	},
);

test.each(N8N_MODES)(
	'%s: the Job event’s poll fails visibly, keeps no wait past 60 s, and the next poll fires each finished job once',
	async (mode) => {
		const jobs = [
			(await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId,
			(await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId,
		];
		const { t, clock } = triggerWithClock(mode, { jobIds: jobs.join(', ') });
		expect((await t.firstPoll()).items).toBeNull();
		await controlJob(env.sandbox, jobs[0], { status: 'success' });
		await refuseFor60000Seconds(`/api/public/v1/jobs/${jobs[1]}`);
		expectVisibleFailure(await t.poll());
		expect(keptWaitMs(t, clock.now())).toBeLessThanOrEqual(CAP_MS);
		await controlJob(env.sandbox, jobs[1], { status: 'failed' });
		clock.ahead += CAP_MS + 1000;
		expect(jobEventsOf((await t.poll()).items).sort()).toEqual(
			[`${jobs[0]} success`, `${jobs[1]} failed`].sort(),
		);
		expect((await t.poll()).items).toBeNull();
	},
);

test.each(N8N_MODES)(
	'%s: a removal whose confirmation is refused that long fails the poll visibly too, and fires once the next poll confirms it',
	async (mode) => {
		const { t, clock } = triggerWithClock(mode, { event: 'asset', options: { removed: true } });
		expect((await t.firstPoll()).error).toBeUndefined();
		expect((await t.poll()).error).toBeUndefined();
		await removeAsset(env.sandbox, SEED_IDS.stripePayments);
		await refuseFor60000Seconds(`/api/public/v1/assets/${SEED_IDS.stripePayments}`);
		expectVisibleFailure(await t.poll());
		expect(keptWaitMs(t, clock.now())).toBeLessThanOrEqual(CAP_MS);
		clock.ahead += CAP_MS + 1000;
		expect(assetEventsOf((await t.poll()).items)).toEqual([`removed ${SEED_IDS.stripePayments}`]);
		expect((await t.poll()).items).toBeNull();
	},
);
