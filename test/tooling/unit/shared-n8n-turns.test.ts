/**
 * Who may use a shared n8n, and when a suite has it to itself (e2e/n8n-host-state.ts): an
 * exclusive turn waits for every other suite to leave and holds new ones off; the suites that
 * restart n8n go first; a process that has gone has left. Decisions only: processes are numbers
 * and whether they are alive is a set.
 */
import { HostState } from '../../../e2e/n8n-host-state';

const alive = new Set<number>();
const ended = new Set<string>();
const host = (first: string[] = []) =>
	new HostState(
		first,
		(pid) => alive.has(pid),
		(suite) => ended.has(suite),
	);
beforeEach(() => {
	alive.clear();
	ended.clear();
	for (const pid of [1, 2, 3]) alive.add(pid);
});

test('suites attach side by side; an exclusive turn waits for them to leave, and nobody new attaches meanwhile', () => {
	const state = host();
	expect(state.attach(1, 'examples')).toEqual({ ok: true });
	expect(state.attach(2, 'events')).toEqual({ ok: true });
	expect(state.attach(3, 'trigger', true)).toEqual({ ok: false, waitingFor: 'examples, events' });
	state.detach(1);
	expect(state.attach(1, 'examples again')).toEqual({
		ok: false,
		waitingFor: "trigger's exclusive turn",
	});
	alive.delete(2); // events' process has gone without detaching
	expect(state.attach(3, 'trigger', true)).toEqual({ ok: true });
	expect(state.holds(3)).toBe(true);
	expect(state.attach(1, 'examples again')).toMatchObject({ ok: false });
	state.release(3);
	expect(state.holds(3)).toBe(false);
	expect(state.attach(1, 'examples again')).toEqual({ ok: true });
	expect(state.suites).toEqual(['trigger', 'examples again']);
});

test('a suite waiting for its turn holds nothing: one that gives up lets the others in', () => {
	const state = host();
	state.attach(1, 'examples');
	expect(state.attach(2, 'trigger', true)).toMatchObject({ ok: false });
	alive.delete(2);
	expect(state.attach(3, 'events')).toEqual({ ok: true });
});

test('the suites that restart n8n go first; the others once those had their turn, left or ended', () => {
	const state = host(['trigger', 'queue']);
	expect(state.attach(1, 'examples')).toEqual({
		ok: false,
		waitingFor: 'trigger, queue to restart n8n first',
	});
	expect(state.attach(2, 'trigger', true)).toEqual({ ok: true });
	state.release(2); // trigger restarted n8n; it goes on beside the others
	expect(state.attach(1, 'examples')).toEqual({
		ok: false,
		waitingFor: 'queue to restart n8n first',
	});
	ended.add('queue'); // its step ended without coming (it failed before)
	expect(state.attach(1, 'examples')).toEqual({ ok: true });
	expect(state.suites).toEqual(['trigger', 'examples']);
});

test('only the holder of the exclusive turn holds it', () => {
	const state = host();
	state.attach(1, 'examples');
	expect(state.holds(1)).toBe(false);
	state.release(1); // nothing to release
	expect(state.attach(2, 'queue', true)).toMatchObject({ ok: false });
	state.detach(1);
	expect(state.attach(2, 'queue', true)).toEqual({ ok: true });
	expect(state.holds(1)).toBe(false);
	state.detach(2);
	expect(state.holds(2)).toBe(false);
});
