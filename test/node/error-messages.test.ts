/**
 * The node's error messages, in n8n's engine against the sandbox or a small fake server: the
 * service's message and code with a hint on what to check (401, 400, 500, an HTML or empty body),
 * our own message naming the address when nothing answers, and messages that contain an error
 * code (EEXIST, ECONNREFUSED) kept as written.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { getAsset, inject, nodeRunner, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const serve = useFakeServers();

describe('error mapping', () => {
	const get = (apiKey = OWNER) =>
		run({
			credentials: { baseUrl: env.sandbox.url, apiKey },
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
		});

	test('401: the server message, and a hint to check the key', async () => {
		const result = await get('aw_wrong_key');
		expect(result.error?.message).toBe(
			'Asset Workspace API: Missing or invalid bearer token. [401 unauthorized] Check the API key in the credential.',
		);
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.description).toContain(
			`GET /api/public/v1/assets/${SEED_IDS.revenueForecast}`,
		);
		expect(result.error?.description).toContain('Check the API key');
		expect(JSON.stringify(result.run)).not.toContain('aw_wrong_key');
	});

	test('400 and 500 from the server keep their code and message', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/assets',
			times: 1,
			fault: 'status',
			status: 400,
		});
		expect((await get()).error?.message).toBe(
			'Asset Workspace API: Injected fault: status 400. [400 injected_fault] Check the values sent.',
		);
		await inject(env.sandbox, {
			match: '/api/public/v1/assets',
			times: 10,
			fault: 'status',
			status: 500,
		});
		const result = await get();
		expect(result.error?.message).toBe(
			'Asset Workspace API: Injected fault: status 500. [500 internal_error] The service failed: try again later.',
		);
		expect(env.sandbox.requests.filter((r) => r.status === 500)).toHaveLength(1);
	});

	test('no answer at all: our message names the address, not a generic one', async () => {
		const result = await run({
			credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
		});
		expect(result.error?.message).toBe(
			'Asset Workspace API: no answer from http://127.0.0.1:9 [connection refused] Check the base URL and that the service is up.',
		);
		expect(result.error?.description).toContain('after 4 attempts');
		expect(result.error?.description).toContain('Cause: ');
	});

	test('a 401 with an empty or HTML body is still clear', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/assets',
			times: 1,
			fault: 'html',
			status: 401,
		});
		expect((await get()).error?.message).toBe(
			'Asset Workspace API: HTTP 401 with an HTML page ("401 Bad Gateway"), not JSON [401] Check the API key in the credential.',
		);
	});
});

describe('messages that contain an error code stay as written', () => {
	test('our validation message quoting EEXIST', async () => {
		const result = await run({
			parameters: { resource: 'job', operation: 'get', jobId: 'EEXIST' },
		});
		expect(result.error?.message).toBe(
			"Job ID must be a UUID, got 'EEXIST': a job id comes from Asset > Execute (its jobId) or the app's run details",
		);
	});

	test("the service's message naming ECONNREFUSED", async () => {
		const server = await serve((_req, res) =>
			sendJson(res, 400, {
				error: { code: 'invalid_body', message: 'upstream said ECONNREFUSED and EEXIST' },
			}),
		);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: getAsset(),
		});
		expect(result.error?.message).toBe(
			'Asset Workspace API: upstream said ECONNREFUSED and EEXIST [400 invalid_body] Check the values sent.',
		);
	});
});
