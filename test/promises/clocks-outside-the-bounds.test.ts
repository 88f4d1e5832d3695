/**
 * A `Date` header moves "before" and "after" by an hour at most, and only when it is an HTTP
 * date: a service (or a proxy in front of it) that sends `0`, garbage, 1970, year 0001 or 9999
 * changes nothing the trigger keeps. The Asset event fires nothing from before its first reading
 * and every later change once, also after a restart, and its floor is never later than now; the
 * Job event (Fire for Jobs Already Finished off) keeps a job that finished before it was watched
 * silent and fires one that finished after. Through n8n-core's PollContext in each of n8n's ways
 * of keeping state, against the sandbox behind a proxy that writes the Date (the bodies:
 * harness/clock-scenarios.ts). No waits: about 2 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { useClockScenarios } from '../harness/clock-scenarios';
import { N8N_MODES, type N8nMode } from '../harness/trigger';

const { assetEvent, jobEvent } = useClockScenarios();
const behindDate = (date: string) => ({ date: () => date });

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
	async (mode: N8nMode, _name, date) =>
		await assetEvent(mode, behindDate(date), {
			restart: true,
			alsoChanged: [SEED_IDS.webAnalytics],
			floorNotInTheFuture: true,
		}),
);

test.each(CASES)(
	'%s, Date %s: with Fire for Jobs Already Finished off, a job that finished before it was watched stays silent, one that finished after fires once',
	async (mode: N8nMode, _name, date) => await jobEvent(mode, behindDate(date)),
);
