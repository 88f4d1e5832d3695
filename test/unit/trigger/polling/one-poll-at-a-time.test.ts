/**
 * One poll of a trigger at a time in a process (processMemory.ts, onePollAtATime): a poll that
 * starts while another of the same trigger is under way does nothing; a poll holding the guard
 * for STALE_AFTER_MS is taken for dead, and its late end does not free the guard of the poll that
 * took over. Pure: well under a second.
 */
import {
	onePollAtATime,
	STALE_AFTER_MS,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/processMemory';

const NOW = Date.parse('2026-11-24T10:00:00Z');
let nodes = 0;
/** A trigger of its own for each test (the guard is the process's). */
const aTrigger = () => `workflow:guard-${++nodes}`;

/** A poll that runs until `end()` is called. */
function heldPoll() {
	let end = () => {};
	const ended = new Promise<void>((resolve) => (end = resolve));
	return { end, poll: async () => (await ended, 'polled') };
}
const busy = () => 'busy';
const quick = async () => 'polled';

test('a poll while another of the same trigger runs is busy; after it ends, the next one polls', async () => {
	const key = aTrigger();
	const first = heldPoll();
	const running = onePollAtATime(key, NOW, first.poll, busy);
	expect(await onePollAtATime(key, NOW + 1, quick, busy)).toBe('busy');
	expect(await onePollAtATime(aTrigger(), NOW + 1, quick, busy)).toBe('polled');
	first.end();
	expect(await running).toBe('polled');
	expect(await onePollAtATime(key, NOW + 2, quick, busy)).toBe('polled');
});

test('a poll holding the guard for STALE_AFTER_MS is taken for dead, to the millisecond', async () => {
	const key = aTrigger();
	const dead = heldPoll();
	void onePollAtATime(key, NOW, dead.poll, busy);
	expect(await onePollAtATime(key, NOW + STALE_AFTER_MS - 1, quick, busy)).toBe('busy');
	expect(await onePollAtATime(key, NOW + STALE_AFTER_MS, quick, busy)).toBe('polled');
});

test("a dead poll's late end does not free the guard of the poll that took over", async () => {
	const key = aTrigger();
	const dead = heldPoll();
	const deadRun = onePollAtATime(key, NOW, dead.poll, busy);
	const next = heldPoll();
	const nextRun = onePollAtATime(key, NOW + STALE_AFTER_MS, next.poll, busy);
	dead.end();
	await deadRun;
	expect(await onePollAtATime(key, NOW + STALE_AFTER_MS + 1, quick, busy)).toBe('busy');
	next.end();
	await nextRun;
});
