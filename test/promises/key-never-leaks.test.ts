/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: the API key never leaves the credential. In n8n's engine against the sandbox (which can
 * echo the request, key included, as careless servers do) and small fake servers: not in an output
 * item, an error message or description, nor a run's data, on success or failure; the answer is
 * parsed before it is redacted and redacted before any cut, so no prefix of the key survives, and
 * the words around it stay; nor in a line the node logs. Every spelling a server may echo it in:
 * key-never-leaks-in-any-spelling.test.ts; redirects and plain http:
 * key-goes-only-to-the-base-url.test.ts.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, api, call } from '../harness/http';
import { loggedDuring } from '../harness/logs';
import { sendJson, useFakeServers } from '../harness/fake-server';
import {
	allText,
	executeAsset,
	getAsset,
	inject,
	json,
	nodeRunner,
	requestsOf,
	rl,
	useSandbox,
} from '../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const serve = useFakeServers();

describe('the API key never leaves the credential', () => {
	test('not in outputs, errors or descriptions, even when the server echoes it', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/assets',
			times: 20,
			fault: 'status',
			status: 400,
			echoRequest: true,
		});
		const direct = await call(env.sandbox, `/api/public/v1/assets/${SEED_IDS.revenueForecast}`);
		expect(direct.text).toContain(OWNER);
		const results = [
			await run({
				parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
			}),
			await run({
				parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
				onError: 'continueRegularOutput',
			}),
			await run({
				parameters: {
					resource: 'asset',
					operation: 'execute',
					assetId: rl(SEED_IDS.slackNotifier),
				},
				onError: 'continueErrorOutput',
			}),
		];
		for (const result of results) {
			expect(result.error?.message ?? (result.outputs.flat()[0]?.json as any)?.error).toContain(
				'Bearer [redacted]',
			);
			const everything =
				JSON.stringify(result.run) +
				JSON.stringify(result.error) +
				String(result.error?.description) +
				String(result.error?.stack);
			expect(everything).not.toContain(OWNER);
		}
	});

	test('not in an output item when a successful answer echoes the request', async () => {
		await inject(env.sandbox, {
			match: `/api/public/v1/assets/${SEED_IDS.revenueForecast}`,
			times: 1,
			fault: 'slow-body',
			delayMs: 10,
			echoRequest: true,
		});
		const result = await run({
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
		});
		const [asset] = json(result) as any[];
		expect(asset.name).toBe('Revenue Forecast');
		expect(asset.echo.authorization).toBe('Bearer [redacted]');
		expect(JSON.stringify(result.run)).not.toContain(OWNER);
	});

	test('not in a successful run either', async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		expect(JSON.stringify(result.run)).not.toContain(OWNER);
	});

	test('not in a log line, even when the server echoes it', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			times: 1,
			fault: 'status',
			status: 400,
			echoRequest: true,
		});
		let failed: Array<{ error: string }> = [];
		const logged = await loggedDuring(async () => {
			const result = await run({
				parameters: executeAsset({ waitForCompletion: true }),
				items: [{ id: SEED_IDS.salesforceOpportunities }],
				onError: 'continueRegularOutput',
			});
			failed = json(result);
		});
		// The service echoed the key into the status check's answer, and the node logged the job.
		expect(failed[0].error).toContain('Bearer [redacted]');
		expect(logged.map((line) => line.message)).toContainEqual(
			expect.stringContaining('queued for asset'),
		);
		expect(logged.filter((line) => JSON.stringify(line).includes(OWNER))).toEqual([]);
	});
});

describe('redaction: parsed first, before any cut, harmless to other text', () => {
	const KEY = 'aw_live/9f8e7d6c/5b4a3210';

	test('a key straddling the 120-character cut leaves no prefix in the message', async () => {
		for (const at of [100, 110, 115, 119]) {
			const server = await serve((_req, res) => {
				res.writeHead(500, { 'Content-Type': 'text/plain' });
				res.end(`${'x'.repeat(at)}${KEY} and more text after it`);
			});
			const result = await run({
				credentials: { baseUrl: server.url, apiKey: KEY },
				parameters: getAsset(),
			});
			expect(result.error?.message).toMatch(
				/^Asset Workspace API: HTTP 500 with a body that is not JSON: x+\[/,
			);
			expect(allText(result)).not.toContain(KEY.slice(0, 8));
		}
	});

	test('a key echoed with \\/ or \\u escapes does not reach an output item', async () => {
		const asset = (await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}`)).json.data;
		// every slash escaped, only the first one escaped, and a letter as a \u escape
		const spellings = [
			JSON.stringify(KEY).replace(/\//g, '\\/'),
			JSON.stringify(KEY).replace('/', '\\/'),
			JSON.stringify(KEY).replace('a', '\\u0061'),
		];
		for (const spelling of spellings) {
			const server = await serve((_req, res) =>
				sendJson(
					res,
					200,
					JSON.stringify({
						data: { ...asset, description: '__KEY__', echo: { __KEY__: '__KEY__' } },
					})
						.split('"__KEY__"')
						.join(spelling),
				),
			);
			const result = await run({
				credentials: { baseUrl: server.url, apiKey: KEY },
				parameters: getAsset(),
			});
			expect(json(result)[0]).toMatchObject({
				name: 'Revenue Forecast',
				description: '[redacted]',
				echo: { '[redacted]': '[redacted]' },
			});
			expect(allText(result)).not.toContain('5b4a3210');
		}
	});

	test('a 1-character key is refused before any request, and no message is cut up', async () => {
		const result = await run({
			credentials: { baseUrl: env.sandbox.url, apiKey: 'a' },
			parameters: getAsset(),
		});
		expect(result.error?.message).toBe(
			'API Key is 1 character long: an Asset Workspace API key is longer',
		);
		expect(requestsOf(env.sandbox)).toEqual([]);
	});

	test('an error message with the key inside keeps the words around it', async () => {
		const server = await serve((_req, res) =>
			sendJson(res, 401, {
				error: { code: 'unauthorized', message: `Invalid API key ${KEY} for a workspace` },
			}),
		);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: KEY },
			parameters: getAsset(),
		});
		expect(result.error?.message).toBe(
			'Asset Workspace API: Invalid API key [redacted] for a workspace [401 unauthorized] Check the API key in the credential.',
		);
	});
});
