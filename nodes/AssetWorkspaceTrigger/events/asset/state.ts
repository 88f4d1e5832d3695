/** What the Asset event keeps in the node's static data, under `assets`: read and written here. */
import type { Resume } from '../../../shared/transport';

export interface AssetsState {
	/** The Folder id the state was learnt for; '' for the whole workspace. */
	scope?: string;
	/** Every change with updatedAt up to here (ms) is known; none before the first round ends. */
	watermark?: number;
	/** Asset id to updatedAt (ms). */
	recent: Record<string, number>;
	/** Changes up to here (ms) never fire: what the first reading left, or recent ones dropped. */
	floor?: number;
	round?: Round;
	/** With removed on: the ids the last complete round saw. */
	ids?: string[];
	/** With removed on: ids gone from a complete round whose removal is not confirmed yet. */
	unconfirmed?: string[];
	/** The offset of the page that ended the last complete round. */
	lastOffset?: number;
}

export interface Round {
	/** Where to go on: after the page read last (none: from the first page). */
	last?: Resume;
	/** When (ms) the round started, and the newest updatedAt it has seen. */
	began: number;
	latest: number;
	ids?: string[];
}

const KEY = 'assets';

export function emptyAssetsState(scope = ''): AssetsState {
	return { scope, recent: {} };
}

/** A copy of the state learnt for `scope` (another scope's starts afresh). */
export function readAssetsState(staticData: Record<string, unknown>, scope: string): AssetsState {
	const stored = staticData[KEY];
	// JSON, not structuredClone: n8n's static data is a proxy, which structuredClone refuses.
	const copy =
		stored && typeof stored === 'object'
			? (JSON.parse(JSON.stringify(stored)) as AssetsState)
			: undefined;
	// Every state this node writes names its scope; one that does not is none of ours.
	return copy?.scope === scope ? copy : emptyAssetsState(scope);
}

/** Written only when it changed (`before`: as read, in JSON): a poll that learnt nothing leaves none. */
export function saveAssetsState(
	staticData: Record<string, unknown>,
	state: AssetsState,
	before: string,
) {
	if (JSON.stringify(state) !== before) staticData[KEY] = state;
}
