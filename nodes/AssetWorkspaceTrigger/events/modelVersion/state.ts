/** What the Model Version event keeps in the node's static data, under `models`: read and written here. */
import { readState, writeState } from '../../polling/watchList';

export interface WatchedModel {
	/** The highest versionNumber seen; -1: not read yet (only a 404 or 403 so far). */
	last: number;
	/** The published version's id and number when last seen (null: nothing published). */
	published: string | null;
	publishedNumber?: number | null;
	notFoundReported?: boolean;
	forbiddenReported?: boolean;
	askedAt?: number;
}

export type ModelsState = Record<string, WatchedModel>;

/** Models taken off the list stay remembered (one added back does not fire again), up to this. */
export const MAX_MODELS_REMEMBERED = 1000;
const KEY = 'models';

export function readModelsState(staticData: Record<string, unknown>): ModelsState {
	return readState<WatchedModel>(staticData, KEY);
}

export function writeModelsState(
	staticData: Record<string, unknown>,
	state: ModelsState,
	watched: string[],
) {
	writeState(staticData, KEY, state, watched, MAX_MODELS_REMEMBERED);
}
