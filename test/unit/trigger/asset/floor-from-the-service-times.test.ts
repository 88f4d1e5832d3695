/**
 * "Before" and "after" are bounded by the service's own times: a job's "watched since" is the
 * newest time the service wrote in what the poll read (within an hour of its Date either way); the
 * Asset event's first reading begins no earlier than that time (a Date that runs behind fires
 * nothing from before) and leaves a floor no later than the newest change it saw (a Date that runs
 * ahead hides no later change). Pure: well under a second.
 */
import { emptyAssetsState } from '../../../../nodes/AssetWorkspaceTrigger/events/asset/state';
import {
	endRound,
	observeAssets,
} from '../../../../nodes/AssetWorkspaceTrigger/events/asset/watch';
import {
	firstReadingBegan,
	floorAfterFirstReading,
	watchedSince,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/times';
import { MAX_CLOCK_SKEW_MS } from '../../../../nodes/shared/transport/policy/serviceClock';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
const asset = (id: string, updated: number) => ({ id, createdAt: at(0), updatedAt: at(updated) });
const off = { emitExisting: false, removed: false };

describe('watchedSince (the Job event)', () => {
	test('the newest time written, whether the Date runs ahead of it or behind it', () => {
		expect(watchedSince(T0, T0 - 2 * MINUTE)).toBe(T0 - 2 * MINUTE);
		expect(watchedSince(T0, T0 + 2 * MINUTE)).toBe(T0 + 2 * MINUTE);
	});
	test('never more than an hour from the Date (and its second); nothing written: an hour before', () => {
		expect(watchedSince(T0, T0 - 24 * 60 * MINUTE)).toBe(T0 - MAX_CLOCK_SKEW_MS);
		expect(watchedSince(T0, T0 + 24 * 60 * MINUTE)).toBe(T0 + MAX_CLOCK_SKEW_MS + 1000);
		expect(watchedSince(T0, undefined)).toBe(T0 - MAX_CLOCK_SKEW_MS);
	});
});

describe('firstReadingBegan and floorAfterFirstReading (the Asset event)', () => {
	test('a Date that runs behind the times written: the reading begins at the newest of them', () => {
		expect(firstReadingBegan(T0, T0 + 2 * MINUTE)).toBe(T0 + 2 * MINUTE);
		expect(firstReadingBegan(T0, T0 + 24 * 60 * MINUTE)).toBe(T0 + MAX_CLOCK_SKEW_MS + 1000);
	});
	test('a Date ahead of them, or nothing written: the Date’s time', () => {
		expect(firstReadingBegan(T0, T0 - 2 * MINUTE)).toBe(T0);
		expect(firstReadingBegan(T0, undefined)).toBe(T0);
	});
	test('the floor: the start, or the newest change seen where earlier, at most an hour before', () => {
		expect(floorAfterFirstReading(T0, T0 + MINUTE)).toBe(T0);
		expect(floorAfterFirstReading(T0, T0 - 2 * MINUTE)).toBe(T0 - 2 * MINUTE);
		expect(floorAfterFirstReading(T0, T0 - 24 * 60 * MINUTE)).toBe(T0 - MAX_CLOCK_SKEW_MS);
		expect(floorAfterFirstReading(T0, undefined)).toBe(T0 - MAX_CLOCK_SKEW_MS);
	});
});

describe('the Asset event’s floor after its first reading', () => {
	test('a Date 2 minutes ahead of the service’s times: the changes after the reading fire', () => {
		const state = emptyAssetsState();
		// The reading began at minute 62 by the Date; the service's clock said minute 60.
		observeAssets(state, [asset('a', 59), asset('b', 30)], { ...off, now: T0 + 62 * MINUTE });
		endRound(state, 0);
		expect(state.floor).toBe(T0 + 59 * MINUTE);
		const next = [asset('a', 61), asset('b', 30), asset('c', 60.5)];
		const changes = observeAssets(state, next, { ...off, now: T0 + 70 * MINUTE });
		expect(changes.map((c) => `${c.event} ${c.asset.id}`)).toEqual(['updated a', 'updated c']);
	});

	test('the Date right: the floor is the reading’s start, as before', () => {
		const state = emptyAssetsState();
		observeAssets(state, [asset('a', 70)], { ...off, now: T0 + 62 * MINUTE });
		endRound(state, 0);
		expect(state.floor).toBe(T0 + 62 * MINUTE);
	});

	test('an empty scope: an hour before the reading’s start', () => {
		const state = emptyAssetsState();
		observeAssets(state, [], { ...off, now: T0 + 62 * MINUTE });
		endRound(state, 0);
		expect(state.floor).toBe(T0 + 2 * MINUTE);
	});
});
