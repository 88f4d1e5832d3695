/**
 * The Job Finished event's state and decisions, apart from n8n and HTTP so the rules read plainly.
 *
 * State (the node's workflow static data, key `jobs`): for each job id seen, the last status,
 * whether the job is settled (it fired, or became final with a status that does not fire, or was
 * recorded silently), whether a 404 or 403 was reported, when it was last asked for, and since
 * when it is watched (on the service's clock, to tell a job that finished before the trigger
 * watched it from one that finished after, whatever the trigger saw in between). A poll
 * reads the state, asks, and writes a new state as its last step; a settled job is never asked
 * for again, never fires again, and never becomes unsettled. Ids taken off the list stay
 * remembered (up to MAX_REMEMBERED, the oldest unwatched forgotten first), so a job removed and
 * added back does not fire a second time.
 */
import { isTerminal } from '../../../shared/schemas';
import { timeOf } from '../../polling/times';
import { askOrder, readState, writeState } from '../../polling/watchList';

export interface WatchedJob {
	/** Last status seen; null before the first answer. */
	status: string | null;
	/** Settled jobs are never asked for again. */
	settled: boolean;
	/** The job answered 404 and that was reported once. */
	notFoundReported?: boolean;
	/** The job answered 403 and that was reported once. */
	forbiddenReported?: boolean;
	/** When (ms) the job was last asked for; jobs asked longest ago go first. */
	askedAt?: number;
	/** When (ms, the service's clock) the first poll that asked for the job began. */
	since?: number;
}

export type WatchState = Record<string, WatchedJob>;

export interface WatchOptions {
	statuses: string[];
	emitAlreadyFinished: boolean;
}

/** How many job ids the state remembers, watched ones included. */
export const MAX_REMEMBERED = 10_000;

/** A copy of the state kept in static data (a poll never changes it in place). */
export function readWatchState(staticData: Record<string, unknown>): WatchState {
	return readState<WatchedJob>(staticData, 'jobs');
}

/** Stores the state, the oldest unwatched ids forgotten past MAX_REMEMBERED. */
export function writeWatchState(
	staticData: Record<string, unknown>,
	state: WatchState,
	watched: string[],
) {
	writeState(staticData, 'jobs', state, watched, MAX_REMEMBERED);
}

/** The ids to ask for in this poll: watched and not settled, those asked longest ago first. */
export function jobsToAsk(state: WatchState, watched: string[]): string[] {
	return askOrder(state, watched, (job) => !job?.settled);
}

/**
 * Records that a job was asked for at `now` (answered or not), by a poll that began at `since`
 * (the service's clock): the job is watched from the first such poll on. A state saved before
 * `since` was kept has the last time the job was asked: it was watched since then at least.
 */
export function markAsked(state: WatchState, jobId: string, now: number, since: number) {
	const known = state[jobId] ?? { status: null, settled: false };
	state[jobId] = { ...known, askedAt: now, since: known.since ?? known.askedAt ?? since };
}

/** Whether a job in a final status finished after the trigger began watching it (`since`). */
function finishedWhileWatched(known: WatchedJob | undefined, finishedAt?: string | null) {
	const since = known?.since;
	const finished = timeOf(finishedAt);
	return since !== undefined && finished !== undefined && finished > since;
}

/**
 * Records one answer and says whether it fires. A job fires once, when it is first seen in a
 * final status that is selected; one that had already finished when the trigger began watching it
 * fires only with `emitAlreadyFinished`.
 */
export function observe(
	state: WatchState,
	jobId: string,
	job: { status: string; finishedAt?: string | null },
	options: WatchOptions,
): { fire: boolean; previousStatus: string | null } {
	const known = state[jobId];
	const { status } = job;
	const previousStatus = known?.status ?? null;
	if (known?.settled) return { fire: false, previousStatus };
	if (!isTerminal(status)) {
		state[jobId] = { ...known, status, settled: false };
		return { fire: false, previousStatus };
	}
	const seenBefore = known !== undefined && known.status !== null;
	const watched = seenBefore || finishedWhileWatched(known, job.finishedAt);
	const fire = options.statuses.includes(status) && (watched || options.emitAlreadyFinished);
	state[jobId] = { status, settled: true };
	return { fire, previousStatus };
}

/** Records a 404 or 403 and says whether to report it (once per job and kind). */
export function observeUnreadable(
	state: WatchState,
	jobId: string,
	kind: 'notFound' | 'forbidden',
): boolean {
	const known = state[jobId] ?? { status: null, settled: false };
	const flag = kind === 'notFound' ? 'notFoundReported' : 'forbiddenReported';
	const report = known.settled !== true && !known[flag];
	state[jobId] = { ...known, [flag]: true };
	return report;
}
