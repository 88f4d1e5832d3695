/**
 * Asking within the poll's window (polling/askWithin.ts): an id is asked while at least
 * LEAST_TIME_TO_ASK_MS of the window is left and left out after; each answer is the id's own (a
 * value, not found, or its API error), and an error that is no API error fails the poll. Which
 * answers fail the whole poll: a 429 the node would not wait for, a wrong key (401), a key that
 * reads nothing (403 to every id, checked with one listing request), every id failing alike.
 * Pure: well under a second.
 */
import { NodeApiError, NodeOperationError, type INode, type IPollFunctions } from 'n8n-workflow';

import type { PollWindowed } from '../../../../nodes/AssetWorkspaceTrigger/polling/event';
import {
	askWithin,
	failIfThePollFails,
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

const failing = (httpCode: string) => new NodeApiError(NODE, { message: httpCode }, { httpCode });
/** A poll whose transport was (or was not) asked to wait too long, recording its requests. */
function pollAsking(
	askedToWaitTooLong = false,
	listing: () => Promise<unknown> = async () => ({}),
) {
	const requests: unknown[] = [];
	const api = {
		askedToWaitTooLong,
		request: async (request: unknown) => (requests.push(request), await listing()),
	};
	return {
		poll: { api, until: NOW + 60_000, now: () => NOW } as unknown as PollWindowed,
		requests,
	};
}
const answersOf = (...codes: Array<string | undefined>) =>
	codes.map((code, n) => (code ? { id: `${n}`, error: failing(code) } : { id: `${n}`, value: {} }));

test('a 429 the node would not wait for fails the poll, whatever failed before it', async () => {
	const answers = answersOf('500', '429', undefined);
	await expect(failIfThePollFails(pollAsking(true).poll, answers)).rejects.toBe(answers[1].error);
	await expect(failIfThePollFails(pollAsking(false).poll, answers)).resolves.toBeUndefined();
});

test('a wrong key (401) fails the poll, even for one id of many', async () => {
	const answers = answersOf(undefined, '401', undefined);
	await expect(failIfThePollFails(pollAsking().poll, answers)).rejects.toBe(answers[1].error);
});

test('403 to every id asks one listing, which tells a key that reads nothing; 403 to some is theirs', async () => {
	const refused = failing('403');
	const every = pollAsking(false, async () => {
		throw refused;
	});
	await expect(failIfThePollFails(every.poll, answersOf('403', '403'))).rejects.toBe(refused);
	expect(every.requests).toEqual([expect.objectContaining({ method: 'GET', path: ['assets'] })]);
	const some = pollAsking();
	await expect(failIfThePollFails(some.poll, answersOf('403', undefined))).resolves.toBeUndefined();
	// Nothing asked (no id, or no time left): nothing to tell, no request.
	await expect(failIfThePollFails(some.poll, [])).resolves.toBeUndefined();
	expect(some.requests).toEqual([]);
});

test('every id failing fails the poll with the first failure; some failing, never', async () => {
	const every = answersOf('500', '503');
	await expect(failIfThePollFails(pollAsking().poll, every)).rejects.toBe(every[0].error);
	await expect(
		failIfThePollFails(pollAsking().poll, answersOf('500', undefined)),
	).resolves.toBeUndefined();
	await expect(
		failIfThePollFails(pollAsking().poll, answersOf('403', '500')),
	).resolves.toBeUndefined();
});
