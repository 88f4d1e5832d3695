/**
 * What the trigger keeps in this n8n process's memory, apart from the state n8n saves, and why it
 * must live there (docs/trigger.md, "What lives in the n8n process"):
 * - the polls under way: n8n starts a poll on every tick without waiting for the last, and with
 *   durable poll cursors each works on its own copy of the state, so only the process can tell;
 * - the last poll that emitted, per trigger: n8n may commit its state after the next poll began,
 *   and that poll's copy cannot show what it has not been given;
 * - how many polls in a row failed: n8n keeps a failing activation poll's state but not the state
 *   of the polls that work after it, so a count kept there would outlive its episode.
 * Each is one process's: a restart starts them afresh, and each entry ends on its own.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { POLL_CEILING_MS } from './window';

/** A poll holding the guard this long is taken for dead: polls end within their ceiling. */
export const STALE_AFTER_MS = 4 * POLL_CEILING_MS;
/** A commit that never came delays what its poll found this long at most, never silences it. */
export const KEPT_WITHIN_MS = 120_000;
const KEY = 'emitted';

const running = new Map<string, number>();
const lastEmits = new Map<string, { token: string; at: number }>();
const failing = new WeakMap<object, number>();
let emits = 0;

// Stryker disable next-line StringLiteral: any constant keys the workflows without an id alike
export const pollKey = (ctx: IPollFunctions) => `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;

/** Runs `poll` unless another poll of the same trigger is under way in this process (`busy`). */
export async function onePollAtATime<T>(
	key: string,
	now: number,
	poll: () => Promise<T>,
	busy: () => T,
): Promise<T> {
	const since = running.get(key);
	if (since !== undefined && now - since < STALE_AFTER_MS) return busy();
	running.set(key, now);
	try {
		return await poll();
	} finally {
		if (running.get(key) === now) running.delete(key);
	}
}

/** Whether `staticData` does not show yet the last emit of this trigger (seen once is not enough:
 * a poll with an older copy may start after one that saw it). */
export function lastEmitUnseen(key: string, staticData: Record<string, unknown>, now: number) {
	const last = lastEmits.get(key);
	if (last === undefined) return false;
	if (now - last.at < KEPT_WITHIN_MS) return staticData[KEY] !== last.token;
	lastEmits.delete(key);
	return false;
}

/** Marks an emit: a token in the state n8n saves, and the same token here. */
export function markEmit(key: string, staticData: Record<string, unknown>, now: number) {
	// Stryker disable next-line UpdateOperator: counting down makes each token as unique
	const token = `${now.toString(36)}.${(++emits).toString(36)}`;
	staticData[KEY] = token;
	for (const [other, last] of lastEmits)
		if (now - last.at >= KEPT_WITHIN_MS) lastEmits.delete(other);
	lastEmits.set(key, { token, at: now });
}

/**
 * Counts a failing poll of an episode (keyed by the trigger's live state); whether it fails
 * visibly: the first and every `everyNth` after.
 */
export function failsVisibly(liveState: object, everyNth: number): boolean {
	// Stryker disable next-line EqualityOperator: every 1st failing poll is every one either way
	if (!(everyNth > 1)) return true;
	const count = (failing.get(liveState) ?? 0) + 1;
	failing.set(liveState, count);
	return (count - 1) % Math.floor(everyNth) === 0;
}

/** A poll that worked ends the episode. */
export function endFailingPolls(liveState: object) {
	failing.delete(liveState);
}
