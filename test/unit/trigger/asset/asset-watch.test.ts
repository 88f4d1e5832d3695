/** The Asset event's rules, without n8n or HTTP: watermark, lookback, rounds, removals. */
import {
	endRound,
	LOOKBACK_MS,
	MAX_RECENT,
	observeAssets,
} from '../../../../nodes/AssetWorkspaceTrigger/events/asset/watch';
import {
	emptyAssetsState,
	type AssetsState,
} from '../../../../nodes/AssetWorkspaceTrigger/events/asset/state';
import { confirmRemoved } from '../../../../nodes/AssetWorkspaceTrigger/events/asset/removals';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const asset = (id: string, created: number, updated = created) => ({
	id,
	createdAt: at(created),
	updatedAt: at(updated),
});
const off = { emitExisting: false, removed: false };
/** Pages read directly start their round a day later, after every change a test makes. */
const LATER = { ...off, now: T0 + 24 * 60 * 60_000 };
type Options = typeof off & { now?: number };
/** A whole round, begun a minute after the newest change it reads (unless `now` says when). */
const round = (
	state: AssetsState,
	pages: Array<ReturnType<typeof asset>[]>,
	options: Options = off,
) => {
	const newest = Math.max(T0, ...pages.flat().map((a) => Date.parse(a.updatedAt)));
	const begun = { ...options, now: options.now ?? newest + 60_000 };
	const changes = pages.flatMap((page) => observeAssets(state, page, begun));
	const gone = endRound(state, 0);
	return { changes: changes.map((c) => `${c.event} ${c.asset.id}`), gone };
};

test('the first round learns and fires nothing; then each change fires once', () => {
	const state = emptyAssetsState();
	expect(round(state, [[asset('a', 0), asset('b', 5)], [asset('c', 10)]]).changes).toEqual([]);
	expect(state.watermark).toBe(T0 + 10 * 60_000);
	const next = round(state, [
		[asset('a', 0, 20), asset('b', 5), asset('new', 21)],
		[asset('c', 10)],
	]);
	expect(next.changes).toEqual(['updated a', 'created new']);
	expect(
		round(state, [[asset('a', 0, 20), asset('b', 5), asset('new', 21)], [asset('c', 10)]]).changes,
	).toEqual([]);
	expect(round(state, [[asset('a', 0, 30)]]).changes).toEqual(['updated a']);
});

test('with emitExisting the first round fires every asset as created', () => {
	expect(
		round(emptyAssetsState(), [[asset('a', 0), asset('b', 1)]], { ...off, emitExisting: true })
			.changes,
	).toEqual(['created a', 'created b']);
});

test('a round that spans polls fires what it sees as it goes, and a change seen twice fires once', () => {
	const state = emptyAssetsState();
	round(state, [[asset('a', 0), asset('b', 0)]]);
	expect(observeAssets(state, [asset('a', 0, 5)], LATER).map((c) => c.event)).toEqual(['updated']);
	// the next poll of the same round reads the next page; the page read again repeats nothing
	expect(observeAssets(state, [asset('a', 0, 5), asset('b', 0)], LATER)).toEqual([]);
	expect(endRound(state, 0)).toEqual([]);
	expect(state.watermark).toBe(T0 + 5 * 60_000);
});

test('a change just behind the watermark (a listing that shifted) is still found within the lookback', () => {
	const state = emptyAssetsState();
	round(state, [[asset('a', 0), asset('b', 0)]]);
	// b changed at minute 9 but this round did not see it; a at minute 10 moved the watermark
	round(state, [[asset('a', 0, 10)]]);
	expect(round(state, [[asset('a', 0, 10), asset('b', 0, 9)]]).changes).toEqual(['updated b']);
});

test('state stays small: recent changes older than the lookback are forgotten', () => {
	const state = emptyAssetsState();
	const many = Array.from({ length: 5000 }, (_, i) => asset(`old${i}`, 0));
	round(state, [many]);
	round(state, [[asset('x', 0, 3 * 60)]]);
	expect(Object.keys(state.recent)).toEqual(['x']);
	expect(state.watermark! - LOOKBACK_MS).toBeGreaterThan(T0);
});

test('past MAX_RECENT changes within the lookback the oldest are dropped, and never fire again', () => {
	const state = emptyAssetsState();
	const busy = Array.from({ length: MAX_RECENT + 5 }, (_, i) => asset(`a${i}`, 0, i / 1000));
	round(state, [busy]);
	expect(Object.keys(state.recent)).toHaveLength(MAX_RECENT);
	// The five dropped (the oldest) come round again unchanged: nothing fires, a newer change does.
	const again = [...busy.slice(0, 5), asset('a0', 0, 30)];
	expect(round(state, [again]).changes).toEqual(['updated a0']);
	expect(Object.keys(state.recent).length).toBeLessThanOrEqual(MAX_RECENT);
});

test('removed: ids that disappear are candidates once a round ends; a candidate that is still there is kept', () => {
	const state = emptyAssetsState();
	const removed = { ...off, removed: true };
	round(state, [[asset('a', 0), asset('b', 0), asset('c', 0)]], removed);
	const { gone } = round(state, [[asset('a', 0), asset('c', 0)]], removed);
	expect(gone).toEqual(['b']);
	confirmRemoved(state, 'b', 'gone');
	expect(round(state, [[asset('a', 0)]], removed).gone).toEqual(['c']);
	confirmRemoved(state, 'c', 'there');
	expect(state.ids).toContain('c');
	expect(state.unconfirmed).toBeUndefined();
});

test('removed: a candidate not asked in time is kept unconfirmed until an answer says gone or there', () => {
	const state = emptyAssetsState();
	const removed = { ...off, removed: true };
	round(state, [[asset('a', 0), asset('b', 0), asset('c', 0)]], removed);
	expect(round(state, [[asset('a', 0)]], removed).gone).toEqual(['b', 'c']);
	confirmRemoved(state, 'b', 'unknown');
	confirmRemoved(state, 'c', 'unknown');
	confirmRemoved(state, 'c', 'unknown');
	expect(state.unconfirmed).toEqual(['b', 'c']);
	// Not a candidate of the next round (it is not in scope), but still unconfirmed.
	expect(round(state, [[asset('a', 0)]], removed).gone).toEqual([]);
	confirmRemoved(state, 'b', 'gone');
	confirmRemoved(state, 'c', 'there');
	expect(state.unconfirmed).toBeUndefined();
	expect(state.ids).toEqual(['a', 'c']);
});

describe('removed: an asset fires "removed" once, however its candidacy went', () => {
	const removed = { ...off, removed: true };
	const [a, b, c] = ['a', 'b', 'c'].map((id) => asset(id, 0));
	/** What a poll does: the unconfirmed first, then (when given) a whole round's candidates. */
	const confirmAll = (state: AssetsState, ids: string[], fired: string[]) => {
		for (const id of ids) {
			confirmRemoved(state, id, 'gone');
			fired.push(id);
		}
	};

	test('unconfirmed, listed again by a later round, then removed: once (it fired twice)', () => {
		const state = emptyAssetsState();
		round(state, [[a, b, c]], removed);
		expect(round(state, [[a, c]], removed).gone).toEqual(['b']);
		confirmRemoved(state, 'b', 'unknown');
		confirmRemoved(state, 'b', 'unknown'); // the next poll cannot ask in time either
		expect(round(state, [[a, b, c]], removed).gone).toEqual([]); // b was there after all
		expect(state.unconfirmed).toBeUndefined();
		const fired: string[] = [];
		confirmAll(state, state.unconfirmed ?? [], fired);
		confirmAll(state, round(state, [[a, c]], removed).gone, fired); // b is removed now
		confirmAll(state, state.unconfirmed ?? [], fired);
		confirmAll(state, round(state, [[a, c]], removed).gone, fired);
		expect(fired).toEqual(['b']);
	});

	test('confirmed gone while a round that listed it goes on: the next rounds do not fire it again', () => {
		const state = emptyAssetsState();
		round(state, [[a, b, c]], removed);
		expect(round(state, [[a, c]], removed).gone).toEqual(['b']);
		confirmRemoved(state, 'b', 'unknown');
		observeAssets(state, [a, b], { ...removed, now: T0 + 48 * 60 * 60_000 }); // b back, for a while
		const fired: string[] = [];
		confirmAll(state, state.unconfirmed ?? [], fired); // then gone, confirmed at the next poll
		observeAssets(state, [c], { ...removed, now: T0 + 48 * 60 * 60_000 });
		confirmAll(state, endRound(state, 0), fired);
		confirmAll(state, round(state, [[a, c]], removed).gone, fired);
		expect(fired).toEqual(['b']);
		expect(state.ids).toEqual(['a', 'c']);
	});

	test('Fire for Removed Assets turned off drops the unconfirmed: turned on weeks later, they never fire', () => {
		const state = emptyAssetsState();
		round(state, [[a, b, c]], removed);
		expect(round(state, [[a, c]], removed).gone).toEqual(['b']);
		confirmRemoved(state, 'b', 'unknown');
		round(state, [[a, c]], off);
		expect(state.unconfirmed).toBeUndefined();
	});
});

test('a page changed after this round read it fires next round, however long the round took', () => {
	const state = emptyAssetsState();
	round(state, [[asset('a', 0), asset('b', 0)]]);
	// A round that starts at minute 10 and spans polls for hours: a (on its first page) changes at
	// minute 11, after that page was read; b, read last, changed at minute 200.
	const started = { ...off, now: T0 + 10 * 60_000 };
	observeAssets(state, [asset('a', 0)], started);
	expect(observeAssets(state, [asset('b', 0, 200)], started).map((c) => c.asset.id)).toEqual(['b']);
	endRound(state, 0);
	expect(state.watermark).toBe(T0 + 10 * 60_000);
	expect(round(state, [[asset('a', 0, 11), asset('b', 0, 200)]]).changes).toEqual(['updated a']);
});

test('a first round that fires what exists fires an asset once when the listing shifts between its polls', () => {
	const state = emptyAssetsState();
	const existing = { ...LATER, emitExisting: true };
	const fired = [
		...observeAssets(state, [asset('a', 0), asset('b', 0)], existing),
		// one asset inserted before the cursor: the next page starts with b again
		...observeAssets(state, [asset('b', 0), asset('c', 0)], existing),
	].map((c) => `${c.event} ${c.asset.id}`);
	expect(fired).toEqual(['created a', 'created b', 'created c']);
	endRound(state, 0);
	expect(state.round).toBeUndefined();
});

test('a first round that fires what exists, past MAX_RECENT fired, fires none twice when the listing shifts its last pages back (review 6)', () => {
	const state = emptyAssetsState();
	const existing = { ...LATER, emitExisting: true };
	// Assets in name order whose updatedAt runs backwards: the last read are the oldest changed.
	const assets = Array.from({ length: MAX_RECENT + 500 }, (_, i) =>
		asset(`a${String(i).padStart(6, '0')}`, 0, -i / 1000),
	);
	for (let from = 0; from < assets.length; from += 100)
		expect(observeAssets(state, assets.slice(from, from + 100), existing)).toHaveLength(100);
	expect(Object.keys(state.recent).length).toBeLessThanOrEqual(MAX_RECENT);
	// Assets created ahead of the reading shift the pages: the last two are read again.
	const again = observeAssets(state, assets.slice(-200), existing);
	expect(again.map((c) => `${c.event} ${c.asset.id}`)).toEqual([]);
});

test('a first round that fires what exists, past MAX_RECENT fired, forgets the oldest changes first: a change it read before a recent one, made meanwhile, fires next round (issue 52)', () => {
	const state = emptyAssetsState();
	const existing = { ...LATER, emitExisting: true };
	// Days old, but two that changed in the first minutes of the reading, early in name order.
	const assets = Array.from({ length: MAX_RECENT + 500 }, (_, i) =>
		asset(`a${String(i).padStart(6, '0')}`, -3000 + i / 1000),
	);
	assets[1] = asset(assets[1].id, -3000, 24 * 60 + 1);
	assets[2] = asset(assets[2].id, -3000, 24 * 60 + 2);
	for (let from = 0; from < assets.length; from += 100)
		observeAssets(state, assets.slice(from, from + 100), existing);
	endRound(state, 0);
	expect(state.floor).toBeLessThan(Date.parse(at(24 * 60 + 1)));
	// Changed again after the round read it, at a time between those two: it fires.
	const later = { ...LATER, now: T0 + 26 * 60 * 60_000 };
	const next = round(state, [[asset(assets[0].id, -3000, 24 * 60 + 1.5)]], later);
	expect(next.changes).toEqual([`updated ${assets[0].id}`]);
});

test('an asset recorded again counts as the last read: a first round past MAX_RECENT keeps it', () => {
	const state = emptyAssetsState();
	const existing = { ...LATER, emitExisting: true };
	const assets = Array.from({ length: MAX_RECENT + 200 }, (_, i) =>
		asset(`a${String(i).padStart(6, '0')}`, -3000, -3000 + i / 1000),
	);
	observeAssets(state, assets.slice(0, 100), existing);
	// Renamed forward: read again, changed, among the last pages.
	const renamed = asset(assets[3].id, -3000, 24 * 60);
	for (let from = 100; from < assets.length; from += 100)
		observeAssets(
			state,
			[...assets.slice(from, from + 100), ...(from === 9900 ? [renamed] : [])],
			existing,
		);
	expect(Object.keys(state.recent).slice(-MAX_RECENT / 2)).toContain(renamed.id);
	expect(state.floor).toBeLessThan(Date.parse(renamed.updatedAt));
});

test('recent changes stay within MAX_RECENT during a round too', () => {
	const state = emptyAssetsState();
	round(state, [[asset('a', 0)]]);
	const page = (from: number) =>
		Array.from({ length: 1000 }, (_, i) => asset(`n${from + i}`, 1, 1 + (from + i) / 100_000));
	for (let from = 0; from < MAX_RECENT + 3000; from += 1000) {
		observeAssets(state, page(from), LATER);
		expect(Object.keys(state.recent).length).toBeLessThanOrEqual(MAX_RECENT);
	}
});

describe('a first round that spans polls (a large scope)', () => {
	const start = { ...off, now: T0 + 60 * 60_000 }; // the first round begins at minute 60

	test('what changes or is created after it began fires: on pages not read yet at once, on pages read next round', () => {
		const state = emptyAssetsState();
		expect(observeAssets(state, [asset('a', 0)], start)).toEqual([]);
		// a (read) and z (not yet read) change at minute 70; n is created at minute 65
		const later = observeAssets(state, [asset('n', 65), asset('z', 0, 70)], start);
		expect(later.map((c) => `${c.event} ${c.asset.id}`)).toEqual(['created n', 'updated z']);
		endRound(state, 0);
		const next = round(state, [[asset('a', 0, 70), asset('n', 65), asset('z', 0, 70)]]);
		expect(next.changes).toEqual(['updated a']);
	});

	test('what changed before it began (and before the newest change it saw) never fires, even an asset a shifting listing hid from it', () => {
		const state = emptyAssetsState();
		observeAssets(state, [asset('a', 0, 50)], start);
		endRound(state, 0);
		// x, changed at minute 40, was skipped when a deletion shifted the listing
		expect(round(state, [[asset('a', 0), asset('x', 0, 40)]]).changes).toEqual([]);
	});

	test('an asset created after it began and changed before it is read again (a reading that started over) is created once, then updated', () => {
		const state = emptyAssetsState();
		expect(observeAssets(state, [asset('n', 65)], start).map((c) => c.event)).toEqual(['created']);
		const again = observeAssets(state, [asset('a', 0), asset('n', 65, 70)], start);
		expect(again.map((c) => `${c.event} ${c.asset.id}`)).toEqual(['updated n']);
	});

	test('ids a shifting listing shows twice are kept once', () => {
		const state = emptyAssetsState();
		const removed = { ...start, removed: true };
		observeAssets(state, [asset('a', 0), asset('b', 0)], removed);
		observeAssets(state, [asset('b', 0), asset('c', 0)], removed);
		endRound(state, 0);
		expect(state.ids).toEqual(['a', 'b', 'c']);
	});
});

// npm run test:unit runs in Asia/Tokyo, so that n8n's local time zone would show here.
test('a time without a time zone is UTC, whatever the time zone n8n runs in', () => {
	const state = emptyAssetsState();
	round(state, [[asset('a', 0)]], { ...off, now: T0 + 60 * 60_000 });
	// 11:30 UTC, after the first round began at 11:00 UTC (02:30 UTC if read as Tokyo time)
	const noZone = { id: 'a', createdAt: at(0), updatedAt: '2026-11-23T11:30:00' };
	expect(round(state, [[noZone]]).changes).toEqual(['updated a']);
});
