/**
 * Promise: the node honours rate limits and Retry-After, as a whole. In n8n's engine against
 * fake servers: a 429 slows every item down (one probe per Retry-After, not a burst per item); a
 * Retry-After longer than the node waits fails every item at once, holding no later one; a
 * Retry-After that is not a delay is no Retry-After (a GET backs off as usual, a POST is not sent
 * again). The trigger under a rate limit: rate-limits-asset-event.test.ts. About 8 s.
 */
import { REAL_CLOCK } from '../../nodes/shared/transport/policy/clock';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER } from '../harness/http';
import { answerError, useFakeServers } from '../harness/fake-server';
import { runNode, testTransport } from '../harness/engine';
import { json, rl } from '../harness/fixtures';

const serve = useFakeServers();
/** A server that answers every request 429 (`slowDown`) or 503 (`busy`) with this Retry-After. */
const slowDown = (retryAfter: string) =>
	answerError(429, 'rate_limited', 'Slow down.', { 'Retry-After': retryAfter });
const busy = (retryAfter: string) =>
	answerError(503, 'unavailable', 'Busy.', { 'Retry-After': retryAfter });

describe('a 429 slows the node down as a whole', () => {
	test('50 items at once, every answer 429 with Retry-After 1: one probe a second, not a burst per item', async () => {
		const server = await serve(slowDown('1'));
		const items = Array.from({ length: 50 }, () => ({ id: SEED_IDS.revenueForecast }));
		const result = await runNode({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: {
				resource: 'asset',
				operation: 'get',
				assetId: rl('={{ $json.id }}'),
				options: { concurrency: 50 },
			},
			items,
			onError: 'continueRegularOutput',
		});
		const failed = json(result);
		expect(failed).toHaveLength(50);
		expect(failed.every((item) => item.details.httpCode === '429')).toBe(true);
		// Before: 200 requests in four bursts of 50. Now: the first burst, then one probe per Retry-After.
		expect(server.requests.length).toBeLessThanOrEqual(50 + 3);
		const probes = server.requests.slice(50).map((r) => r.at);
		const first = server.requests[0].at;
		probes.forEach((at, n) => expect(at - first).toBeGreaterThanOrEqual(1000 * (n + 1) - 50));
	});
});

describe('a Retry-After longer than the node waits holds no later item', () => {
	// 65 s is past the policy's 60 s but within the 20 % jitter a wait may get: items 2 and 3
	// waited 65 s in the gate before.
	test.each(['3600', '65'])(
		'Asset > Get, 3 items, Items at Once 1, On Error continue, Retry-After %s: one request; every item fails at once, saying the service asked to wait too long',
		async (retryAfter) => {
			const server = await serve(slowDown(retryAfter));
			const result = await runNode({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: {
					resource: 'asset',
					operation: 'get',
					assetId: rl('={{ $json.id }}'),
					options: { concurrency: 1 },
				},
				items: [SEED_IDS.revenueForecast, SEED_IDS.webAnalytics, SEED_IDS.stripePayments].map(
					(id) => ({ id }),
				),
				onError: 'continueRegularOutput',
			});
			expect(server.requests).toHaveLength(1);
			const failed = json(result);
			expect(failed).toHaveLength(3);
			for (const item of failed) {
				expect(item.details.httpCode).toBe('429');
				expect(item.details.description).toContain(
					`The service asked to wait ${retryAfter} s before retrying, longer than this node waits.`,
				);
			}
			expect(
				failed
					.slice(1)
					.every((item) => item.details.description.includes('This request was not sent.')),
			).toBe(true);
		},
	);
});

describe('a Retry-After that is not a delay is no Retry-After', () => {
	const garbage = ['-5', 'abc 1', '5.'];

	test.each(garbage)(
		'GET answered 503 with Retry-After %j: the normal backoff, not at once',
		async (header) => {
			const server = await serve(busy(header));
			const started = Date.now();
			const result = await runNode({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
				settings: {
					...testTransport({ baseDelayMs: 100, maxDelayMs: 1000 }),
					clock: { ...REAL_CLOCK, random: () => 1 },
				},
			});
			expect(result.error?.message).toBe(
				'Asset Workspace API: Busy. [503 unavailable] The service failed: try again later.',
			);
			expect(server.requests).toHaveLength(4);
			// Backoffs of 100, 200 and 400 ms between the four attempts.
			expect(Date.now() - started).toBeGreaterThanOrEqual(700);
		},
	);

	test.each(garbage)(
		'POST answered 503 with Retry-After %j: not sent again, and it may have run',
		async (header) => {
			const server = await serve(busy(header));
			const result = await runNode({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: {
					resource: 'asset',
					operation: 'execute',
					assetId: rl(SEED_IDS.revenueForecast),
					waitForCompletion: false,
				},
			});
			expect(server.requests).toHaveLength(1);
			expect(result.error?.description).toContain('A job may have been queued');
		},
	);
});
