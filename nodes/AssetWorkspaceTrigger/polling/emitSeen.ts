/**
 * No poll fires before it sees the state of the last poll that emitted: n8n may commit that state
 * after the next poll began (docs/trigger.md, "How n8n keeps the trigger's state").
 */

const KEY = 'emitted';
/** Then polls go on: a commit that never came delays what it found, never silences the trigger. */
export const KEPT_WITHIN_MS = 2 * 60_000;

const lastEmits = new Map<string, { token: string; at: number }>();
let emits = 0;

/** Seen once is not enough: a poll with an older snapshot may start after one that saw it. */
export function lastEmitUnseen(key: string, staticData: Record<string, unknown>, now: number) {
	const last = lastEmits.get(key);
	if (last === undefined) return false;
	if (now - last.at < KEPT_WITHIN_MS) return staticData[KEY] !== last.token;
	lastEmits.delete(key);
	return false;
}

export function markEmit(key: string, staticData: Record<string, unknown>, now: number) {
	const token = `${now.toString(36)}.${(++emits).toString(36)}`;
	staticData[KEY] = token;
	for (const [other, last] of lastEmits)
		if (now - last.at >= KEPT_WITHIN_MS) lastEmits.delete(other);
	lastEmits.set(key, { token, at: now });
}
