/**
 * The sandbox under abuse, over real HTTP: a malformed percent-encoding is a 400; requests
 * without a valid key are not logged and the request log keeps only its newest entries; a body
 * over 2 MiB is answered 413 while other requests are answered meanwhile.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { api } from '../harness/http';
import { useSandbox } from '../harness/sandbox-fixture';

const env = useSandbox();

describe('the sandbox under abuse', () => {
	test('a malformed percent-encoding is a 400', async () => {
		const answer = await api(env.sandbox, '/assets/%E0%A4%A');
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe('invalid_parameter');
	});

	test('requests without a valid key are not logged; the log keeps the newest entries only', async () => {
		const { REQUEST_LOG_LIMIT } = await import('../../sandbox/server');
		for (let i = 0; i < 20; i++) await api(env.sandbox, '/assets', { key: 'aw_wrong_key' });
		expect(env.sandbox.requests).toHaveLength(0);
		const burst = 200;
		env.sandbox.requests.push(
			...Array.from({ length: REQUEST_LOG_LIMIT - 100 }, () => ({ ...fakeEntry })),
		);
		for (let i = 0; i < burst; i += 50) {
			await Promise.all(Array.from({ length: 50 }, () => api(env.sandbox, '/assets?limit=1')));
		}
		expect(env.sandbox.requests).toHaveLength(REQUEST_LOG_LIMIT);
		expect(env.sandbox.requests.at(-1)?.path).toBe('/api/public/v1/assets');
	});

	test('a body over 2 MiB is answered 413, and others are answered meanwhile', async () => {
		const big = JSON.stringify({
			jobSource: 'API',
			parameters: { X: 'x'.repeat(3 * 1024 * 1024) },
		});
		const [tooBig, other] = await Promise.all([
			api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/execute`, {
				method: 'POST',
				rawBody: big,
				headers: { 'content-type': 'application/json' },
			}),
			api(env.sandbox, '/assets?limit=1'),
		]);
		expect(tooBig.status).toBe(413);
		expect(other.status).toBe(200);
	});
});

const fakeEntry = {
	method: 'GET',
	path: '/filler',
	query: {},
	status: 200,
	fault: null,
	time: new Date(0).toISOString(),
	durationMs: 0,
};
