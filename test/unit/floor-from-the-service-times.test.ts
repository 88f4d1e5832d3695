/**
 * "Before" and "after" are bounded by the service's own times: a floor (the Asset event's, a
 * job's "watched since") is never later than the newest time the service wrote in what the poll
 * read, and never more than an hour before its Date; a Date that runs ahead of the service's
 * times (a reverse proxy's) hides no later change. Pure: well under a second.
 */
import {
	emptyAssetsState,
	endRound,
	observeAssets,
} from '../../nodes/AssetWorkspaceTrigger/assetWatch';
import { startOnServiceClock } from '../../nodes/AssetWorkspaceTrigger/times';
import { MAX_CLOCK_SKEW_MS } from '../../nodes/shared/transport/serviceClock';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
const asset = (id: string, updated: number) => ({ id, createdAt: at(0), updatedAt: at(updated) });
const off = { emitExisting: false, removed: false };

describe('startOnServiceClock', () => {
	test('the Date’s time, when the service wrote something as late', () => {
		expect(startOnServiceClock(T0, T0 + MINUTE)).toBe(T0);
	});
	test('the newest time written, when the Date runs ahead of it (up to the bound)', () => {
		expect(startOnServiceClock(T0, T0 - 2 * MINUTE)).toBe(T0 - 2 * MINUTE);
		expect(startOnServiceClock(T0, T0 - 24 * 60 * MINUTE)).toBe(T0 - MAX_CLOCK_SKEW_MS);
	});
	test('nothing written: the earliest the bound allows', () => {
		expect(startOnServiceClock(T0, undefined)).toBe(T0 - MAX_CLOCK_SKEW_MS);
	});
});

describe('the Asset event’s floor after its first reading', () => {
	test('a Date 2 minutes ahead of the service’s times: the changes after the reading fire', () => {
		const state = emptyAssetsState();
		// The reading began at minute 62 by the Date; the service's clock said minute 60.
		observeAssets(state, [asset('a', 59), asset('b', 30)], { ...off, now: T0 + 62 * MINUTE });
		endRound(state);
		expect(state.floor).toBe(T0 + 59 * MINUTE);
		const next = [asset('a', 61), asset('b', 30), asset('c', 60.5)];
		const changes = observeAssets(state, next, { ...off, now: T0 + 70 * MINUTE });
		expect(changes.map((c) => `${c.event} ${c.asset.id}`)).toEqual(['updated a', 'updated c']);
	});

	test('the Date right: the floor is the reading’s start, as before', () => {
		const state = emptyAssetsState();
		observeAssets(state, [asset('a', 70)], { ...off, now: T0 + 62 * MINUTE });
		endRound(state);
		expect(state.floor).toBe(T0 + 62 * MINUTE);
	});

	test('an empty scope: an hour before the reading’s start', () => {
		const state = emptyAssetsState();
		observeAssets(state, [], { ...off, now: T0 + 62 * MINUTE });
		endRound(state);
		expect(state.floor).toBe(T0 + 2 * MINUTE);
	});
});
