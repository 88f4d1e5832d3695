/**
 * Behind a reverse proxy the `Date` header is the proxy's, not the clock that stamps the service's
 * times: "before" and "after" are then bounded by the service's own times (the newest `updatedAt`,
 * `startedAt` or `finishedAt` a poll read), the `Date` only a hint. Two services: times 2 minutes
 * behind a proxy whose `Date` is right, and a `Date` an hour ahead of times that are right. The
 * Asset event fires nothing from before its first reading and each later change once; the Job
 * event (Fire for Jobs Already Finished off) keeps a job that finished before it was watched
 * silent and fires one that finished after. The Model Version event uses no clock. Through
 * n8n-core's PollContext in each of n8n's ways of keeping state (the bodies:
 * harness/clock-scenarios.ts). No waits: about 2 s.
 */
import type { ProxyOptions } from '../harness/service-proxy';
import { useClockScenarios } from '../harness/clock-scenarios';
import { N8N_MODES, type N8nMode } from '../harness/trigger';

const { assetEvent, jobEvent } = useClockScenarios();
const utc = (ms: number) => new Date(ms).toUTCString();

const SERVICES: Array<[string, ProxyOptions]> = [
	['times 2 minutes behind, the proxy’s Date right', { skewMs: -120_000, date: utc }],
	['times right, the Date an hour ahead', { date: (now) => utc(now + 3600_000) }],
];
const CASES = N8N_MODES.flatMap((mode) =>
	SERVICES.map(([name, options]) => [mode, name, options] as const),
);

test.each(CASES)(
	'%s, %s: the Asset event fires nothing from before its first reading and each later change once',
	async (mode: N8nMode, _name, options) => await assetEvent(mode, options, { changedBefore: true }),
);

test.each(CASES)(
	'%s, %s: with Fire for Jobs Already Finished off, a job that finished before it was watched stays silent, one that finished after fires once',
	async (mode: N8nMode, _name, options) => await jobEvent(mode, options),
);

// Regression (issue 35, defect 3): a Date that runs behind the service's own times made the first
// poll fire what changed, or finished, 1.5 s before it.
const behind: ProxyOptions = { date: (now) => utc(now - 120_000) };

test.each(N8N_MODES)(
	'%s, the proxy’s Date 2 minutes behind the service’s times: the Asset event fires nothing changed 1.5 s before its first reading',
	async (mode) => await assetEvent(mode, behind, { changedBefore: true, settleMs: 1500 }),
);

test.each(N8N_MODES)(
	'%s, the proxy’s Date 2 minutes behind the service’s times: a job that finished 1.5 s before it was watched stays silent (Fire for Jobs Already Finished off)',
	async (mode) => await jobEvent(mode, behind, 1500),
);
