/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: Return All gives every asset or an error, never a silently short list. In n8n's
 * engine against the sandbox and fake servers: a server whose pages are smaller than asked, or
 * short with hasMore (internal-only assets left out), is read to its end, and Limit counts what
 * it returns; a server that ignores offset is a clear error after a handful of requests, and one
 * whose pages hold nothing yet say hasMore after about 50, not an
 * endless walk; pages after the first are read side by side (at most pagesInFlight at once),
 * slow down after a 429 and ramp up again (on a test clock: harness/clock.ts); a page that keeps
 * failing fails the node with its error. About 1 s.
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../../nodes/shared/transport';
import type { LoggedRequest } from '../../sandbox/server';
import { OWNER, allAssets, api } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { TestClock } from '../harness/clock';
import { runNode, testTransport } from '../harness/engine';
import { inject, json, nodeRunner, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const serve = useFakeServers();
const { pagesInFlight } = DEFAULT_TRANSPORT_SETTINGS;

/** A listing server over `total` generated assets with its own page size and hidden entries. */
async function listingServer(
	total: number,
	pageSize: number,
	hidden: (i: number) => boolean = () => false,
) {
	const assets = Array.from({ length: total }, (_, i) => ({
		id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		name: `Asset ${String(i).padStart(5, '0')}`,
		description: null,
		type: 'Source',
		createdAt: '2026-01-01T00:00:00Z',
		updatedAt: '2026-01-01T00:00:00Z',
		owner: { id: null, displayName: null, email: null },
		parentFolder: null,
		schedules: [],
	}));
	const server = await serve((req, res) => {
		const query = new URL(req.url!, 'http://x').searchParams;
		const offset = Number(query.get('offset') ?? 0);
		const limit = Math.min(Number(query.get('limit') ?? 50), pageSize);
		const slice = assets.slice(offset, offset + limit);
		sendJson(res, 200, {
			data: slice.filter((_, i) => !hidden(offset + i)),
			meta: { limit, offset, hasMore: slice.length === limit },
		});
	});
	return { server, visible: assets.filter((_, i) => !hidden(i)) };
}

describe('Return All gives every asset or an error', () => {
	test('a server whose page is smaller than asked (meta.limit 50): all 250', async () => {
		const { server, visible } = await listingServer(250, 50);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		expect(json(result).map((a) => a.id)).toEqual(visible.map((a) => a.id));
	});

	test('pages of 98 with hasMore (internal-only assets left out): 490 of 490', async () => {
		const { server, visible } = await listingServer(
			500,
			100,
			(i) => i % 100 === 7 || i % 100 === 70,
		);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		expect(visible).toHaveLength(490);
		expect(json(result).map((a) => a.id)).toEqual(visible.map((a) => a.id));
	});

	test('Limit across short pages counts what it returns', async () => {
		const { server, visible } = await listingServer(500, 100, (i) => i % 100 === 7);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: false, limit: 250 },
		});
		expect(json(result).map((a) => a.id)).toEqual(visible.slice(0, 250).map((a) => a.id));
	});
});

describe('Return All ends against a server that ignores offset', () => {
	/** The same 100 assets for every page; `meta.offset` says 0, or (echo) the offset asked for. */
	async function sameEveryTime(echo: boolean) {
		const page = (await api(env.sandbox, '/assets?limit=100&offset=0')).json;
		const assets = [...page.data];
		while (assets.length < 100)
			assets.push(
				...page.data.map((a: any, n: number) => ({
					...a,
					id: `${a.id.slice(0, -4)}${String(assets.length + n).padStart(4, '0')}`,
				})),
			);
		return await serve((req, res) => {
			const offset = echo ? Number(new URL(req.url!, 'http://x').searchParams.get('offset')) : 0;
			sendJson(res, 200, {
				data: assets.slice(0, 100),
				meta: { total: 1_000_000, limit: 100, offset, hasMore: true },
			});
		});
	}
	// Return All's and Limit's pages overlap by two assets: the second page is at offset 98.
	const ignored = (offset: number) =>
		`Asset Workspace API: the page at offset ${offset} came back as offset 0`;
	const repeated = (offset: number) =>
		`Asset Workspace API: the page at offset ${offset} repeats assets already read, so the listing cannot go on`;

	test.each([
		[false, ignored(98)],
		[true, repeated(98)],
	])(
		'Return All (meta.offset echoed: %s): a clear error after a handful of requests',
		async (echo, message) => {
			const server = await sameEveryTime(echo);
			const result = await run({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
			});
			expect(result.error?.message).toBe(message);
			expect(server.requests.length).toBeLessThanOrEqual(1 + pagesInFlight);
		},
	);

	test.each([
		[false, ignored(98)],
		[true, repeated(98)],
	])(
		'Limit with a filter that never matches (meta.offset echoed: %s): the same error, not an endless walk',
		async (echo, message) => {
			const server = await sameEveryTime(echo);
			const result = await run({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: {
					resource: 'asset',
					operation: 'getAll',
					returnAll: false,
					limit: 5,
					filters: { nameContains: 'no asset is called this' },
				},
			});
			expect(result.error?.message).toBe(message);
			expect(server.requests.length).toBeLessThanOrEqual(4);
		},
	);
});

describe('pages that hold nothing yet say hasMore end the listing with an error, in about 50 requests', () => {
	/** One real asset, then empty pages that always say hasMore, whatever the offset. */
	async function promisesMore() {
		const [asset] = (await api(env.sandbox, '/assets?limit=1&offset=0')).json.data;
		return await serve((req, res) => {
			const query = new URL(req.url!, 'http://x').searchParams;
			const [offset, limit] = [Number(query.get('offset')), Number(query.get('limit'))];
			sendJson(res, 200, {
				data: offset === 0 ? [asset] : [],
				meta: { limit, offset, hasMore: true },
			});
		});
	}

	test.each([
		['Return All', { returnAll: true }],
		[
			'Limit with a filter that never matches',
			{ returnAll: false, limit: 5, filters: { nameContains: 'none' } },
		],
	])('%s: a clear error after 50 such pages, not 10,000', async (_case, options) => {
		const server = await promisesMore();
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', ...options },
		});
		expect(result.error?.message).toMatch(
			/^Asset Workspace API: 50 pages in a row, up to offset \d+, held no asset yet said "hasMore": true$/,
		);
		expect(server.requests.length).toBeLessThan(200);
	});
});

describe("Return All's pages side by side: order, no duplicates, bounded waste, slowing down after a 429", () => {
	// 1,000 assets (a multiple of the page size), 30 ms an answer, on a test clock the node shares:
	// requests sent side by side are under way together however busy the machine is.
	const clock = new TestClock();
	const slow = useSandbox({ assets: 979, latencyMs: 30, clock });
	const returnAll = () =>
		runNode({
			credentials: slow.credentials,
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
			settings: testTransport({}, clock),
		});

	/** Most requests under way at once, from the sandbox log's start times and durations (on the clock). */
	function peakInFlight(requests: LoggedRequest[]) {
		const events = requests
			.flatMap((r) => [
				[Date.parse(r.time), 1],
				[Date.parse(r.time) + r.durationMs, -1],
			])
			.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
		let now = 0;
		let peak = 0;
		for (const [, delta] of events) peak = Math.max(peak, (now += delta));
		return peak;
	}

	test('pages after the first are read side by side, at most PAGES_IN_FLIGHT at once; the result is exact', async () => {
		const result = await returnAll();
		const expected = await allAssets(slow.sandbox);
		slow.sandbox.requests.splice(0);
		const again = await returnAll();
		expect(json(again)).toEqual(expected);
		expect(json(result)).toEqual(expected);
		expect(peakInFlight(slow.sandbox.requests)).toBeGreaterThan(1);
		expect(peakInFlight(slow.sandbox.requests)).toBeLessThanOrEqual(pagesInFlight);
	});

	test('N a multiple of 100: the page at 980 ends it; requests stay within ceil(N/98)+w', async () => {
		await returnAll();
		const offsets = slow.sandbox.requests.map((r) => Number(r.query.offset));
		expect(offsets.filter((o) => o <= 980).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 11 }, (_, i) => i * 98),
		);
		expect(offsets.length).toBeLessThanOrEqual(Math.ceil(1000 / 98) + pagesInFlight);
		expect(new Set(offsets).size).toBe(offsets.length);
	});

	test('after a 429 the next request goes alone, then pages ramp back up; everything is returned', async () => {
		await inject(slow.sandbox, {
			match: '/api/public/v1/assets',
			times: 1,
			fault: 'status',
			status: 429,
			retryAfterSeconds: 0,
		});
		const result = await returnAll();
		expect(result.outputs[0]).toHaveLength(1000);
		const [retry, ...rest] = slow.sandbox.requests.slice(
			slow.sandbox.requests.findIndex((r) => r.status === 429) + 1,
		);
		const retryEnds = Date.parse(retry.time) + retry.durationMs;
		expect(rest.every((r) => Date.parse(r.time) >= retryEnds)).toBe(true);
		expect(peakInFlight(rest)).toBeGreaterThan(1);
	});

	test("a page that keeps failing fails the node with that page's error", async () => {
		await inject(slow.sandbox, {
			match: '/api/public/v1/assets',
			times: 3,
			fault: 'status',
			status: 500,
		});
		const result = await returnAll();
		expect(result.error?.message).toBe(
			'Asset Workspace API: Injected fault: status 500. [500 internal_error] The service failed: try again later.',
		);
	});
});
