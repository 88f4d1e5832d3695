/**
 * The Asset event's state and decisions, apart from n8n and HTTP. The listing (in name order,
 * 100 assets a request) is read in rounds; a round may span several polls, going on from where
 * the last poll stopped. State does not grow with the workspace: it holds the scope it was learnt
 * for (another Folder starts afresh), a watermark (every change up to it is known: a round that
 * ends moves it to its newest change, but never past the round's start, since a page already
 * read can change while the round goes on), the recent changes (updatedAt within LOOKBACK_MS of
 * the watermark, so a change seen twice fires once; at most MAX_RECENT), and only with "removed"
 * on, the ids in scope (at most MAX_IDS). An asset fires when its updatedAt is past the
 * watermark's lookback and not recorded yet: "created" when it is also new, else "updated".
 */
import type { AssetsState } from './state';
import { roundRemovals } from './removals';
import { floorAfterFirstReading, timeOf } from '../../polling/times';

/** How far behind the watermark a change is still looked for (a listing that shifts during a round). */
export const LOOKBACK_MS = 60 * 60 * 1000;
/** Recent changes kept at most (the oldest dropped first). */
export const MAX_RECENT = 10_000;
/** Assets in scope at most when removed assets fire (their ids are kept). */
export const MAX_IDS = 10_000;

export interface SeenAsset {
	id: string;
	createdAt: string;
	updatedAt: string;
}

export interface AssetChange<T extends SeenAsset> {
	event: 'created' | 'updated';
	asset: T;
}

const ms = (time: string) => timeOf(time) ?? 0;

export function emptyAssetsState(scope = ''): AssetsState {
	return { scope, recent: {} };
}

/** Past MAX_RECENT the oldest are dropped, and changes up to them are ignored from then on. */
function capRecent(state: AssetsState, since: number) {
	const recent = Object.entries(state.recent).filter(([, updated]) => updated > since);
	if (recent.length > MAX_RECENT) {
		recent.sort((a, b) => b[1] - a[1]);
		// A change that late is missed rather than fired twice.
		state.floor = Math.max(state.floor ?? 0, recent[MAX_RECENT][1]);
		recent.length = MAX_RECENT;
	}
	state.recent = Object.fromEntries(recent);
}

/**
 * Records one page of a round and returns its changes. The first round learns what exists and
 * fires nothing, unless `emitExisting` (then every asset fires "created").
 */
export function observeAssets<T extends SeenAsset>(
	state: AssetsState,
	page: T[],
	options: { emitExisting: boolean; removed: boolean; now: number },
): Array<AssetChange<T>> {
	const round = (state.round ??= { next: 0, began: options.now, latest: state.watermark ?? 0 });
	// A scope that became empty is a round too: everything in it was removed.
	if (options.removed) round.ids ??= [];
	const learning = state.watermark === undefined;
	const since = learning ? -Infinity : Math.max(state.watermark! - LOOKBACK_MS, state.floor ?? 0);
	const changes: Array<AssetChange<T>> = [];
	for (const asset of page) {
		const updated = ms(asset.updatedAt);
		round.latest = Math.max(round.latest, updated);
		if (options.removed) round.ids!.push(asset.id);
		const recorded = state.recent[asset.id];
		if (learning) {
			// What changed after the first round began is news (a round can take hours), and fires.
			const fresh = updated > round.began && recorded !== updated;
			if (options.emitExisting ? recorded !== updated : fresh) {
				// Fired once as created: seen again changed (renamed past the reading), it was updated.
				const isNew = options.emitExisting
					? recorded === undefined
					: ms(asset.createdAt) > round.began;
				changes.push({ event: isNew ? 'created' : 'updated', asset });
			}
			// Recent changes are kept (the rest are behind the watermark this round sets); while it
			// fires what exists, everything it fired, until the round ends.
			if (options.emitExisting || updated > Math.min(round.latest, round.began) - LOOKBACK_MS) {
				state.recent[asset.id] = updated;
			}
			continue;
		}
		if (updated <= since || recorded === updated) continue;
		const isNew = recorded === undefined && ms(asset.createdAt) > since;
		changes.push({ event: isNew ? 'created' : 'updated', asset });
		state.recent[asset.id] = updated;
	}
	if (Object.keys(state.recent).length > MAX_RECENT) capRecent(state, -Infinity);
	return changes;
}

/**
 * Ends a round: the watermark moves to the newest change seen (not past the round's start),
 * recent changes older than the lookback are forgotten, and (removed on) the ids that disappeared
 * are returned as candidates, to be confirmed before they fire (removalWatch.ts).
 */
export function endRound(state: AssetsState, lastOffset: number): string[] {
	const round = state.round;
	if (!round) return [];
	state.lastOffset = lastOffset;
	// What was there before the first round began is what existed: it never fires later (an
	// asset that a shifting listing hid from that round included, unless it changed after the
	// newest change the round saw: the floor is never later than that).
	if (state.watermark === undefined) {
		const start = floorAfterFirstReading(round.began, round.latest > 0 ? round.latest : undefined);
		state.floor = Math.max(state.floor ?? 0, start);
	}
	state.watermark = Math.max(state.watermark ?? 0, Math.min(round.latest, round.began));
	capRecent(state, state.watermark - LOOKBACK_MS);
	state.round = undefined;
	return roundRemovals(state, round);
}
