/**
 * A poll waits (fires nothing, changes nothing) while its state lacks the last emitting poll's,
 * for KEPT_WITHIN_MS at most (processMemory.ts): a state read before n8n committed that poll waits
 * even after another poll saw the commit; past the bound every poll goes on, so a commit that
 * never came silences nothing; what the process remembers is one entry per node, none past the
 * bound. Pure: well under a second.
 */
import {
	KEPT_WITHIN_MS,
	lastEmitUnseen,
	markEmit,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/processMemory';

const NOW = Date.parse('2026-11-24T10:00:00Z');
let nodes = 0;
/** A node of its own for each test (the memory is the process's). */
const aNode = () => `workflow:unit-node-${++nodes}`;
const copy = (state: Record<string, unknown>) => ({ ...state });

test('a node that never emitted waits for nothing', () => {
	expect(lastEmitUnseen(aNode(), {}, NOW)).toBe(false);
});

test('a state read before the commit waits, even after a poll saw it; the committed one goes on', () => {
	const node = aNode();
	const before: Record<string, unknown> = { jobs: {} };
	const emitting = copy(before);
	markEmit(node, emitting, NOW);
	expect(emitting.emitted).toEqual(expect.any(String));
	expect(lastEmitUnseen(node, copy(before), NOW + 1)).toBe(true);
	expect(lastEmitUnseen(node, copy(emitting), NOW + 2)).toBe(false);
	expect(lastEmitUnseen(node, copy(before), NOW + 3)).toBe(true);
});

test('each emitting poll has a token of its own: only the last one counts', () => {
	const node = aNode();
	const first: Record<string, unknown> = {};
	markEmit(node, first, NOW);
	const second = copy(first);
	markEmit(node, second, NOW);
	expect(second.emitted).not.toBe(first.emitted);
	expect(lastEmitUnseen(node, copy(first), NOW)).toBe(true);
	expect(lastEmitUnseen(node, copy(second), NOW)).toBe(false);
});

test('past KEPT_WITHIN_MS a state without it goes on (a refused commit silences nothing)', () => {
	const node = aNode();
	markEmit(node, {}, NOW);
	expect(lastEmitUnseen(node, {}, NOW + KEPT_WITHIN_MS - 1)).toBe(true);
	expect(lastEmitUnseen(node, {}, NOW + KEPT_WITHIN_MS)).toBe(false);
	expect(lastEmitUnseen(node, {}, NOW + 1)).toBe(false); // forgotten, not waited for again
});

test('another node emitting forgets the nodes whose last emit is past the bound, and no other', () => {
	const [old, recent, other] = [aNode(), aNode(), aNode()];
	markEmit(old, {}, NOW);
	markEmit(recent, {}, NOW + KEPT_WITHIN_MS);
	markEmit(other, {}, NOW + KEPT_WITHIN_MS);
	// Asked at the time of the first emit, a remembered node would still wait.
	expect(lastEmitUnseen(old, {}, NOW)).toBe(false);
	expect(lastEmitUnseen(recent, {}, NOW + KEPT_WITHIN_MS)).toBe(true);
});
