/** Return All's speculative parallel pages: order, no duplicates, bounded waste, and slowing down after a 429. */
import { DEFAULT_TRANSPORT_SETTINGS } from '../../nodes/shared/transport';

const PAGES_IN_FLIGHT = DEFAULT_TRANSPORT_SETTINGS.pagesInFlight;
import type { LoggedRequest } from '../../sandbox/server';
import { allAssets } from '../helpers/http';
import { runNode } from '../harness/engine';
import { inject, json, useSandbox } from '../harness/fixtures';

const slow = useSandbox({ assets: 979, latencyMs: 30 }); // 1,000 assets: a multiple of the page size
const returnAll = () =>
	runNode({
		credentials: slow.credentials,
		parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
	});

/** Most requests under way at once, from the sandbox log's start times and durations. */
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
	expect(peakInFlight(slow.sandbox.requests)).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
});

test('N a multiple of 100: the empty page ends it; requests stay within ceil(N/100)+w', async () => {
	await returnAll();
	const offsets = slow.sandbox.requests.map((r) => Number(r.query.offset));
	expect(offsets.filter((o) => o <= 1000).sort((a, b) => a - b)).toEqual(
		Array.from({ length: 11 }, (_, i) => i * 100),
	);
	expect(offsets.length).toBeLessThanOrEqual(Math.ceil(1000 / 100) + PAGES_IN_FLIGHT);
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
