/**
 * No poll fires before it sees the state of the last poll that emitted. n8n 2.41 with durable poll
 * cursors gives each poll a snapshot of the state, read from its database as the tick begins,
 * and commits an emitting poll's state only after the poll has returned: `__emit` is not awaited,
 * it reads the workflow again, then `runPolledWorkflow` commits the cursor with the execution,
 * under the poll's lease fence (trigger-execution-context.factory, workflow-execution.service,
 * poll-cursor.service). A poll that starts meanwhile would fire the same events again, and both
 * commits can land. So each emitting poll writes a token of its own into the state, and this
 * process remembers the last one; a later poll of the same node whose state lacks it returns at
 * once, firing and changing nothing, until its state has it or KEPT_WITHIN_MS has passed: a commit
 * that never comes (the fence refused it, n8n discarded the poll's result) delays what it would
 * have fired by that much at most, and never silences the trigger. Where the state is live (n8n
 * 1.x; n8n 2.x by default) the next poll sees the token at once.
 */

/** Where the token is kept in the node's state. */
const KEY = 'emitted';
/** How long a poll waits (returning at once) for the last emitting poll's state to show up. */
export const KEPT_WITHIN_MS = 2 * 60_000;

/** The last poll of each node that emitted in this process, while its state may still come. */
const lastEmits = new Map<string, { token: string; at: number }>();
let emits = 0;

/**
 * Whether `staticData` (this poll's state) lacks the state of the last poll of `key` that
 * emitted in this process, which may still come at `now`. Seen once is not enough: a poll whose
 * snapshot was read before the commit may start after one that saw it.
 */
export function lastEmitUnseen(key: string, staticData: Record<string, unknown>, now: number) {
	const last = lastEmits.get(key);
	if (last === undefined) return false;
	if (now - last.at < KEPT_WITHIN_MS) return staticData[KEY] !== last.token;
	lastEmits.delete(key);
	return false;
}

/** Marks `staticData` as the state of a poll of `key` that emits (at `now`). */
export function markEmit(key: string, staticData: Record<string, unknown>, now: number) {
	const token = `${now.toString(36)}.${(++emits).toString(36)}`;
	staticData[KEY] = token;
	// At most one entry per node, and none kept past KEPT_WITHIN_MS once any node emits again.
	for (const [other, last] of lastEmits)
		if (now - last.at >= KEPT_WITHIN_MS) lastEmits.delete(other);
	lastEmits.set(key, { token, at: now });
}
