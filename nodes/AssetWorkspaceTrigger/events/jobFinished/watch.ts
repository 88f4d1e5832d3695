/** The Job Finished event's decisions, apart from n8n and HTTP. */
import { isTerminal } from '../../../shared/schemas';
import { timeOf } from '../../polling/times';
import { askOrder } from '../../polling/watchList';
import type { WatchedJob, WatchState } from './state';

export interface WatchOptions {
	statuses: string[];
	emitAlreadyFinished: boolean;
}

export function jobsToAsk(state: WatchState, watched: string[]): string[] {
	return askOrder(state, watched, (job) => !job?.settled);
}

/** Watched since the first poll that asked (in a state older than `since`: the last askedAt). */
export function markAsked(state: WatchState, jobId: string, now: number, since: number) {
	const known = state[jobId] ?? { status: null, settled: false };
	state[jobId] = { ...known, askedAt: now, since: known.since ?? known.askedAt ?? since };
}

function finishedWhileWatched(known: WatchedJob | undefined, finishedAt?: string | null) {
	const since = known?.since;
	const finished = timeOf(finishedAt);
	return since !== undefined && finished !== undefined && finished > since;
}

/** Records one answer and says whether it fires (once, the first time it is seen final). */
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
