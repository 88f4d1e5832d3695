/** The Asset event's decisions on its state, apart from n8n and HTTP (docs/trigger.md, "Once"). */
import type { AssetsState, Round } from './state';
import { roundRemovals } from './removals';
import { floorAfterFirstReading, timeOf } from '../../polling/times';

/** How far behind the watermark a change is still looked for (a listing shifts during a round). */
export const LOOKBACK_MS = 60 * 60 * 1000;
export const MAX_RECENT = 10_000;
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

/**
 * Keeps the changes after `since`, MAX_RECENT at most, forgetting the oldest changes first. A
 * first reading that fires what exists (`inReadingOrder`) keeps the last half it read whatever
 * their times, since a listing that shifts under the reading shows it its last pages again.
 */
function capRecent(state: AssetsState, since: number, inReadingOrder = false) {
	const recent = Object.entries(state.recent).filter(([, updated]) => updated > since);
	if (recent.length > MAX_RECENT) {
		const lastRead = inReadingOrder ? recent.splice(recent.length - MAX_RECENT / 2) : [];
		recent.sort((a, b) => b[1] - a[1]);
		const dropped = recent.splice(MAX_RECENT - lastRead.length);
		// Changes up to the newest forgotten are ignored from then on: missed rather than fired
		// twice. Forgetting the oldest first keeps that floor below the changes made meanwhile.
		for (const [, updated] of dropped) state.floor = Math.max(state.floor ?? 0, updated);
		recent.push(...lastRead);
	}
	state.recent = Object.fromEntries(recent);
}

/** Records an asset's change as the last read (JavaScript keeps keys in the order set). */
function record(state: AssetsState, id: string, updated: number) {
	delete state.recent[id];
	state.recent[id] = updated;
}

type Options = { emitExisting: boolean; removed: boolean; now: number };

/** Records one page of a round and returns its changes; the first round learns what exists. */
export function observeAssets<T extends SeenAsset>(
	state: AssetsState,
	page: T[],
	options: Options,
): Array<AssetChange<T>> {
	const round = (state.round ??= { began: options.now, latest: state.watermark ?? 0 });
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
			const change = learnt(state, round, asset, options);
			if (change) changes.push(change);
			continue;
		}
		if (updated <= since || recorded === updated) continue;
		const isNew = recorded === undefined && ms(asset.createdAt) > since;
		changes.push({ event: isNew ? 'created' : 'updated', asset });
		record(state, asset.id, updated);
	}
	if (Object.keys(state.recent).length > MAX_RECENT)
		capRecent(state, -Infinity, learning && options.emitExisting);
	return changes;
}

/** One asset of the first round: recorded, and its change if it fires. */
function learnt<T extends SeenAsset>(state: AssetsState, round: Round, asset: T, options: Options) {
	const updated = ms(asset.updatedAt);
	const recorded = state.recent[asset.id];
	// Kept: the changes within the lookback; while it fires what exists, all it fired.
	if (options.emitExisting || updated > Math.min(round.latest, round.began) - LOOKBACK_MS)
		record(state, asset.id, updated);
	// What changed after the first round began is news (a round can take hours), and fires.
	const fresh = updated > round.began && recorded !== updated;
	if (!(options.emitExisting ? recorded !== updated : fresh)) return undefined;
	// Fired once as created: seen again changed (renamed past the reading, or a reading that
	// started over), it is updated.
	const isNew =
		recorded === undefined && (options.emitExisting || ms(asset.createdAt) > round.began);
	return { event: isNew ? ('created' as const) : ('updated' as const), asset };
}

/** Ends a round; returns the ids that disappeared, to confirm before they fire (removals.ts). */
export function endRound(state: AssetsState, lastOffset: number): string[] {
	const round = state.round;
	// Stryker disable next-line ArrayDeclaration: unreached; a page, which begins a round, comes first
	if (!round) return [];
	state.lastOffset = lastOffset;
	// What was there before the first round began never fires, even if a shifting listing hid it.
	if (state.watermark === undefined) {
		const start = floorAfterFirstReading(round.began, round.latest > 0 ? round.latest : undefined);
		state.floor = Math.max(state.floor ?? 0, start);
	}
	// Not past the round's start: a page already read can change while the round goes on.
	state.watermark = Math.max(state.watermark ?? 0, Math.min(round.latest, round.began));
	capRecent(state, state.watermark - LOOKBACK_MS);
	state.round = undefined;
	return roundRemovals(state, round);
}
