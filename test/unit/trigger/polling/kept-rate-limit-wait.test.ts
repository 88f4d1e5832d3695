/**
 * The wait a 429 leaves for the trigger's next poll is never longer than the retry policy's (60 s),
 * and a longer one that an older version kept is no wait at all. Pure: well
 * under a second.
 */
import { ObservableObject } from 'n8n-workflow';

import {
	keepSlowdown,
	slowedUntil,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/slowdown';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const CAP = 60_000;

test('a wait within the cap is kept as it is, and forgotten once past', () => {
	const state: Record<string, unknown> = {};
	keepSlowdown(state, NOW + 5_000, NOW, CAP);
	expect(slowedUntil(state, NOW, CAP)).toBe(NOW + 5_000);
	keepSlowdown(state, NOW - 1, NOW, CAP);
	expect(state).toEqual({});
	keepSlowdown(state, NOW + 5_000, NOW, CAP);
	keepSlowdown(state, NOW, NOW, CAP);
	expect(state).toEqual({});
});

test('a wait of 16.7 h is kept as 60 s', () => {
	const state: Record<string, unknown> = {};
	keepSlowdown(state, NOW + 60_000_000, NOW, CAP);
	expect(state.rateLimitedUntil).toBe(NOW + CAP);
	expect(slowedUntil(state, NOW, CAP)).toBe(NOW + CAP);
});

test('a wait of 16.7 h kept before (by an older version) is no wait: the poll asks', () => {
	const state: Record<string, unknown> = { rateLimitedUntil: NOW + 60_000_000 };
	expect(slowedUntil(state, NOW, CAP)).toBeUndefined();
	expect(slowedUntil(state, NOW + 120_000, CAP)).toBeUndefined();
});

test('a wait that has ended is no wait, to the millisecond', () => {
	expect(slowedUntil({ rateLimitedUntil: NOW - 1 }, NOW, CAP)).toBeUndefined();
	expect(slowedUntil({ rateLimitedUntil: NOW }, NOW, CAP)).toBeUndefined();
	expect(slowedUntil({ rateLimitedUntil: NOW + 1 }, NOW, CAP)).toBe(NOW + 1);
});

test("with no wait to forget, n8n's static data is left unchanged (n8n saves what changed)", () => {
	const state = ObservableObject.create({});
	keepSlowdown(state, NOW - 1, NOW, CAP);
	expect(state.__dataChanged).toBeFalsy();
	keepSlowdown(state, NOW + 5_000, NOW, CAP);
	expect(state.__dataChanged).toBe(true);
});
