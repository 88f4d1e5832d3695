/**
 * The trigger's state and decisions, kept apart from n8n so the rules read plainly.
 *
 * State (the node's workflow static data): for each job id seen, the last status and whether
 * the job is settled (it fired, or became terminal with a status that does not fire, or was
 * recorded silently). Every change is safe to lose or to repeat: a settled job is never asked
 * for again and never fires again, and an unsettled one is simply asked for again.
 * Ids taken off the Job IDs list are remembered too (up to MAX_REMEMBERED, the oldest
 * unwatched forgotten first), so a job removed and added back does not fire a second time.
 */
import { isTerminal } from '../shared/schemas';

export interface WatchedJob {
	/** Last status seen; null before the first answer. */
	status: string | null;
	/** Settled jobs are never asked for again. */
	settled: boolean;
	/** The job answered 404 and that was reported once. */
	notFoundReported?: boolean;
}

export interface WatchState {
	jobs: Record<string, WatchedJob>;
}

export interface WatchOptions {
	statuses: string[];
	emitAlreadyFinished: boolean;
}

/** How many job ids the state remembers, watched ones included; beyond it the oldest unwatched are forgotten. */
export const MAX_REMEMBERED = 10_000;

/** Reads (and repairs) the state kept in static data, forgetting the oldest unwatched ids past MAX_REMEMBERED. */
export function watchState(staticData: Record<string, unknown>, watched: string[]): WatchState {
	const stored = staticData.jobs;
	const jobs: Record<string, WatchedJob> =
		typeof stored === 'object' && stored !== null ? (stored as Record<string, WatchedJob>) : {};
	const keep = new Set(watched);
	// Object keys keep insertion order (job ids are UUIDs, never integer-like), oldest first.
	let excess = Object.keys(jobs).length - Math.max(MAX_REMEMBERED, keep.size);
	for (const id of Object.keys(jobs)) {
		if (excess <= 0) break;
		if (!keep.has(id)) {
			delete jobs[id];
			excess--;
		}
	}
	staticData.jobs = jobs;
	return { jobs };
}

/** The ids to ask for in this poll: watched and not settled. */
export function jobsToAsk(state: WatchState, watched: string[]): string[] {
	return watched.filter((id) => !state.jobs[id]?.settled);
}

/**
 * Records one answer and says whether it fires. A job fires once, when it is first seen in a
 * terminal status that is selected (already-finished jobs only when `emitAlreadyFinished`).
 */
export function observe(
	state: WatchState,
	jobId: string,
	status: string,
	options: WatchOptions,
): { fire: boolean; previousStatus: string | null } {
	const known = state.jobs[jobId];
	const previousStatus = known?.status ?? null;
	if (known?.settled) return { fire: false, previousStatus };
	if (!isTerminal(status)) {
		state.jobs[jobId] = { status, settled: false };
		return { fire: false, previousStatus };
	}
	const firstSight = known === undefined || known.status === null;
	const fire = options.statuses.includes(status) && (!firstSight || options.emitAlreadyFinished);
	state.jobs[jobId] = { status, settled: true };
	return { fire, previousStatus };
}

/** Records a 404 and says whether to report it (once per job). */
export function observeNotFound(state: WatchState, jobId: string): boolean {
	const known = state.jobs[jobId] ?? { status: null, settled: false };
	const report = !known.notFoundReported;
	state.jobs[jobId] = { ...known, notFoundReported: true };
	return report;
}
