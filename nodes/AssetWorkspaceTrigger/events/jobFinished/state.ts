/** What the Job Finished event keeps in the node's static data, under `jobs`: read and written here. */
import { readState, writeState } from '../../polling/watchList';

export interface WatchedJob {
	status: string | null;
	/** Fired, ended in a status that does not fire, or recorded silently: never asked again. */
	settled: boolean;
	notFoundReported?: boolean;
	forbiddenReported?: boolean;
	askedAt?: number;
	/** When (ms, the service's clock) the first poll that asked for the job began. */
	since?: number;
}

export type WatchState = Record<string, WatchedJob>;

/** Ids taken off the list stay remembered (so one added back does not fire again), up to this. */
export const MAX_REMEMBERED = 10_000;
const KEY = 'jobs';

export function readWatchState(staticData: Record<string, unknown>): WatchState {
	return readState<WatchedJob>(staticData, KEY);
}

export function writeWatchState(
	staticData: Record<string, unknown>,
	state: WatchState,
	watched: string[],
) {
	writeState(staticData, KEY, state, watched, MAX_REMEMBERED);
}
