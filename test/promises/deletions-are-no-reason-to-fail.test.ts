/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Regression (review 6): with pages overlapping by one asset, an asset removed ahead of the
 * reading makes the next page start right after the last asset read. Nothing can have been
 * skipped, yet that page shares no asset with the pages before it; each such page counted as a
 * move, and a read during which people now and then remove assets failed ("the asset listing
 * moved while it was read: 17 times ..."). A fake service of 5,000 assets that removes the first
 * asset after every second page request (about 50 removals during one reading): Return All gives
 * every asset there throughout, once, and the Asset event learns the scope, in each of n8n's
 * modes. A listing that keeps moving with the reading no further is still an error: one that grows
 * ahead of the reading faster than it reads fails in a few dozen requests. About 2 s.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { OWNER } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { json, nodeRunner, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const env = useSandbox();
const run = nodeRunner(env);
const serve = useFakeServers();
const COUNT = 5_000;

const asset = (i: number) => ({
	id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
	name: `Asset ${String(i).padStart(5, '0')}`,
	description: null,
	type: 'Source',
	createdAt: '2026-01-01T00:00:00Z',
	updatedAt: '2026-01-01T00:00:00Z',
	owner: { id: null, displayName: null, email: null },
	parentFolder: null,
	schedules: [],
});

/** The listing, whose first asset is removed after every second page request. */
async function listingWhereAssetsGo() {
	const assets = Array.from({ length: COUNT }, (_, i) => asset(i));
	const removed = new Set<string>();
	let requests = 0;
	const { url } = await serve((req: IncomingMessage, res: ServerResponse) => {
		const query = new URL(req.url ?? '', 'http://service').searchParams;
		const offset = Number(query.get('offset') ?? 0);
		const limit = Number(query.get('limit') ?? 50);
		const data = assets.slice(offset, offset + limit);
		sendJson(res, 200, { data, meta: { limit, offset, hasMore: offset + limit < assets.length } });
		if (++requests % 2 === 0) removed.add(assets.shift()!.id);
	});
	return { url, stayed: () => assets.filter((a) => !removed.has(a.id)).map((a) => a.id), removed };
}

test('Return All while assets are removed ahead of the reading: every asset there throughout, once', async () => {
	const { url, stayed, removed } = await listingWhereAssetsGo();
	const result = await run({
		credentials: { baseUrl: url, apiKey: OWNER },
		parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
	});
	expect(result.error).toBeUndefined();
	const ids = json(result).map((a) => String(a.id));
	expect(removed.size).toBeGreaterThan(20);
	expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
	expect(stayed().filter((id) => !ids.includes(id))).toEqual([]);
});

test.each(N8N_MODES)(
	'%s: the Asset event learns a scope while assets are removed ahead of its reading',
	async (mode) => {
		const { url } = await listingWhereAssetsGo();
		const t = new TriggerHarness({ baseUrl: url, apiKey: OWNER }, { event: 'asset' }, { mode });
		const learnt = () => (t.state.assets as { watermark?: number } | undefined)?.watermark;
		const polls = [await t.firstPoll()];
		while (learnt() === undefined && polls.length < 5) polls.push(await t.poll());
		expect(polls.map((poll) => poll.error)).toEqual(polls.map(() => undefined));
		expect(learnt()).toBeDefined();
	},
);

test('a listing that grows ahead of the reading faster than it reads still fails, in a few dozen requests', async () => {
	const assets = Array.from({ length: COUNT }, (_, i) => asset(i + 100_000));
	let created = 0;
	const server = await serve((req: IncomingMessage, res: ServerResponse) => {
		const query = new URL(req.url ?? '', 'http://service').searchParams;
		const offset = Number(query.get('offset') ?? 0);
		const limit = Number(query.get('limit') ?? 50);
		const data = assets.slice(offset, offset + limit);
		sendJson(res, 200, { data, meta: { limit, offset, hasMore: offset + limit < assets.length } });
		// 250 assets that sort first, after every answer.
		assets.unshift(...Array.from({ length: 250 }, () => asset(99_999 - created++)));
	});
	const result = await run({
		credentials: { baseUrl: server.url, apiKey: OWNER },
		parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
	});
	expect(result.error?.message).toMatch(
		/the asset listing moved while it was read: 17 pages in a row/,
	);
	expect(server.requests.length).toBeLessThan(200);
});
