/**
 * Promise: clocks that disagree lose nothing and fire nothing from before. The trigger decides
 * "before" and "after" on the service's clock (its answers' Date headers), not n8n's alone: a
 * service 2 minutes behind or ahead of n8n loses no change after the first reading and fires
 * none from before it; with Fire for Jobs Already Finished off, a job that finished before it was
 * watched stays silent and one that finished after fires once. Through n8n-core's PollContext, in
 * each of n8n's ways of keeping state, against the sandbox behind a proxy that skews its clock
 * (the bodies: harness/clock-scenarios.ts). What happens before the first reading happens 1.5 s
 * before it (a Date header tells time to the second), on a test clock: about 1 s.
 */
import { useClockScenarios } from '../harness/clock-scenarios';
import { N8N_MODES, type N8nMode } from '../harness/trigger';

const { assetEvent, jobEvent } = useClockScenarios();
const BEFORE_MS = 1500;

const SKEWS = [
	['2 minutes behind', -120_000],
	['2 minutes ahead', 120_000],
] as const;
const CASES = N8N_MODES.flatMap((mode) => SKEWS.map(([name, skew]) => [mode, name, skew] as const));

describe('a service clock that disagrees with n8n’s', () => {
	test.each(CASES)(
		'%s, service %s: the Asset event fires what changes after the first reading, and nothing from before',
		async (mode: N8nMode, _name, skewMs) =>
			await assetEvent(mode, { skewMs }, { changedBefore: true, settleMs: BEFORE_MS }),
	);

	test.each(CASES)(
		'%s, service %s: with Fire for Jobs Already Finished off, a job that finished before it was watched stays silent, one that finished after fires once',
		async (mode: N8nMode, _name, skewMs) => await jobEvent(mode, { skewMs }, BEFORE_MS),
	);
});
