/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's fault injection and latency, over real HTTP: status faults (with Retry-After,
 * only as often and for the requests asked), resets, hangs, slow, HTML, malformed, empty and
 * wrong-shaped bodies; on execute, a reset or hang comes after the job was queued and a status
 * fault before; echoRequest; invalid faults refused; --latency-ms. About 2 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import { OWNER, api, call } from '../harness/http';
import { freshRequest } from '../harness/fresh-http';
import { expectError } from '../harness/contract';
import { UNKNOWN, useSandbox } from '../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('fault injection', () => {
	const inject = (fault: object) =>
		call(env.sandbox, '/__sandbox/faults', { method: 'POST', body: fault });
	const path = `/assets/${SEED_IDS.revenueForecast}`;

	test('status with Retry-After, only for the given number of times and matching requests', async () => {
		await inject({
			match: '/api/public/v1/assets',
			method: 'GET',
			times: 2,
			fault: 'status',
			status: 429,
			retryAfterSeconds: 3,
		});
		const first = await api(env.sandbox, path);
		expectError(first, 429, 'rate_limited');
		expect(first.headers.get('retry-after')).toBe('3');
		expect((await api(env.sandbox, `/jobs/${UNKNOWN}`)).status).toBe(404);
		expect((await api(env.sandbox, path)).status).toBe(429);
		expect((await api(env.sandbox, path)).status).toBe(200);
		const log = (await call(env.sandbox, '/__sandbox/requests')).json.data.requests;
		expect(log.map((r: any) => [r.status, r.fault])).toEqual([
			[429, 'status'],
			[404, null],
			[429, 'status'],
			[200, null],
		]);
	});

	test('500 on the list has an error body', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'status', status: 500 });
		expectError(await api(env.sandbox, '/assets'), 500, 'internal_error');
	});

	test('reset destroys the connection', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'reset' });
		await expect(api(env.sandbox, path)).rejects.toThrow();
		expect((await api(env.sandbox, path)).status).toBe(200);
	});

	test('hang never answers', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'hang' });
		await expect(
			freshRequest(`${env.sandbox.url}/api/public/v1${path}`, {
				headers: { authorization: `Bearer ${OWNER}` },
				signal: AbortSignal.timeout(300),
			}),
		).rejects.toThrow();
	});

	test('slow-body delivers the real body slowly', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'slow-body', delayMs: 300 });
		const started = Date.now();
		const res = await api(env.sandbox, path);
		expect(Date.now() - started).toBeGreaterThanOrEqual(250);
		expect(res.json.data.id).toBe(SEED_IDS.revenueForecast);
	});

	test('html, malformed-json, empty-body and wrong-shape', async () => {
		await inject([
			{ match: '/api/public/v1/assets', times: 1, fault: 'html' },
			{ match: '/api/public/v1/jobs', times: 1, fault: 'malformed-json' },
		]);
		const html = await api(env.sandbox, path);
		expect(html.status).toBe(502);
		expect(html.headers.get('content-type')).toMatch(/text\/html/);
		expect(html.text).toContain('<html>');
		const malformed = await api(env.sandbox, `/jobs/${UNKNOWN}`);
		expect(malformed.status).toBe(404);
		expect(() => JSON.parse(malformed.text)).toThrow();

		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'empty-body' });
		const empty = await api(env.sandbox, path);
		expect([empty.status, empty.text]).toEqual([200, '']);

		await inject({ match: '/api/public/v1/assets', times: 2, fault: 'wrong-shape' });
		const one = await api(env.sandbox, path);
		expect(one.status).toBe(200);
		expect(one.json.data).toEqual([{ unexpected: true }]);
		const list = await api(env.sandbox, '/assets?limit=2');
		expect(Array.isArray(list.json.data)).toBe(false);
	});

	test('reset and hang on execute happen after the job was queued (the answer is lost, the job exists)', async () => {
		await inject({
			match: `/api/public/v1/assets/${SEED_IDS.salesforceOpportunities}/execute`,
			times: 1,
			fault: 'reset',
		});
		await expect(
			api(env.sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
		).rejects.toThrow();
		expect(env.sandbox.workspace['jobs'].size).toBe(1);
	});

	test('status faults answer before the request is handled (no job is queued)', async () => {
		await inject({
			match: '/api/public/v1/assets',
			method: 'POST',
			times: 1,
			fault: 'status',
			status: 503,
		});
		expect(
			(
				await api(env.sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
					method: 'POST',
					body: { jobSource: 'API' },
				})
			).status,
		).toBe(503);
		expect(env.sandbox.workspace['jobs'].size).toBe(0);
	});

	test('echoRequest puts the request headers into the error message, as careless servers do', async () => {
		await inject({
			match: '/api/public/v1/assets',
			times: 1,
			fault: 'status',
			status: 500,
			echoRequest: true,
		});
		expect((await api(env.sandbox, path)).json.error.message).toContain(OWNER);
	});

	test('invalid faults are rejected; DELETE clears them', async () => {
		expect((await inject({ match: 'assets', times: 1, fault: 'status', status: 500 })).status).toBe(
			400,
		);
		expect((await inject({ match: '/api', times: 1, fault: 'explode' })).status).toBe(400);
		expect((await inject({ match: '/api', times: 0, fault: 'reset' })).status).toBe(400);
		expect((await inject({ match: '/api', times: 1, fault: 'status' })).status).toBe(400);
		await inject({ match: '/api', times: 9, fault: 'reset' });
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		expect((await api(env.sandbox, path)).status).toBe(200);
	});
});

describe('latency', () => {
	test('--latency-ms delays every public answer', async () => {
		const slow = await startSandbox({ latencyMs: 120 });
		try {
			const started = Date.now();
			expect((await api(slow, '/assets?limit=1')).status).toBe(200);
			expect(Date.now() - started).toBeGreaterThanOrEqual(110);
		} finally {
			await slow.close();
		}
	});
});
