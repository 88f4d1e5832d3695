/**
 * Asking within the poll's window (polling/askWithin.ts): an id is asked while at least
 * LEAST_TIME_TO_ASK_MS of the window is left and left out after; each answer is the id's own (a
 * value, not found, or its API error), and an error that is no API error fails the poll. Pure:
 * well under a second.
 */
import { NodeApiError, NodeOperationError, type INode, type IPollFunctions } from 'n8n-workflow';

import type { PollWindowed } from '../../../../nodes/AssetWorkspaceTrigger/polling/event';
import {
	askWithin,
	LEAST_TIME_TO_ASK_MS,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/askWithin';

const NODE = { id: 'n', name: 'Asset Workspace Trigger', type: 't', typeVersion: 1 } as INode;
const ctx = { getNode: () => NODE } as unknown as IPollFunctions;
const NOW = Date.parse('2026-11-24T10:00:00Z');

/** A window `left` ms from its end; each ask takes `askMs` of it. */
function windowOf(left: number, askMs = 0) {
	let now = NOW;
	const poll = { until: NOW + left, now: () => now } as PollWindowed;
	const asked: string[] = [];
	const fetch = async (id: string) => {
		asked.push(id);
		now += askMs;
		return { id };
	};
	return { poll, asked, fetch };
}

test('an id is asked with LEAST_TIME_TO_ASK_MS left, to the millisecond, and left out with less', async () => {
	const exactly = windowOf(LEAST_TIME_TO_ASK_MS);
	expect(await askWithin(ctx, exactly.poll, ['a'], 1, exactly.fetch)).toEqual([
		{ id: 'a', value: { id: 'a' } },
	]);
	const less = windowOf(LEAST_TIME_TO_ASK_MS - 1);
	expect(await askWithin(ctx, less.poll, ['a'], 1, less.fetch)).toEqual([]);
	expect(less.asked).toEqual([]);
});

test('an id not started in time is left out: the window runs out as asks take their time', async () => {
	const slow = windowOf(LEAST_TIME_TO_ASK_MS + 1_500, 1_000);
	const answers = await askWithin(ctx, slow.poll, ['a', 'b', 'c'], 1, slow.fetch);
	expect(answers.map((answer) => answer.id)).toEqual(['a', 'b']);
	expect(slow.asked).toEqual(['a', 'b']);
});

test("each answer is the id's own: a value, not found, or its API error", async () => {
	const gone = new NodeApiError(NODE, { message: 'no such job' }, { httpCode: '404' });
	const { poll } = windowOf(60_000);
	const answers = await askWithin(ctx, poll, ['found', 'missing', 'failing'], 2, async (id) => {
		if (id === 'missing') return null;
		if (id === 'failing') throw gone;
		return { id };
	});
	expect(answers).toEqual([
		{ id: 'found', value: { id: 'found' } },
		{ id: 'missing', notFound: true },
		{ id: 'failing', error: gone },
	]);
});

test('an error that is no API error fails the poll, as a node error', async () => {
	const { poll } = windowOf(60_000);
	const asking = askWithin(ctx, poll, ['a'], 1, async () => {
		throw new TypeError('not a function');
	});
	await expect(asking).rejects.toBeInstanceOf(NodeOperationError);
	await expect(asking).rejects.toThrow('not a function');
});
