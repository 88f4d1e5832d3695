/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Regression tests for issue 13, the outside review: each point as the reviewer reproduced it,
 * against the sandbox or, for behaviour the sandbox must not have (redirects, bodies that never
 * end, a server that ignores offset, keys echoed in odd spellings), a small fake server. The
 * node runs in n8n's real execution engine; the trigger through n8n-core's PollContext.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { DEFAULT_TRANSPORT_SETTINGS, MAX_BODY_BYTES } from '../../nodes/shared/transport';
import { MAX_PARAMETER_DEPTH } from '../../nodes/shared/validation';
import { checkBaseUrl } from '../../nodes/shared/baseUrl';
import { OWNER, api, call, controlJob, sandboxJobs, startJob } from '../helpers/http';
import { fakeServer, sendJson, type FakeServer } from '../helpers/fake-server';
import {
	TEST_TRANSPORT,
	runNode,
	testCredential,
	testTransport,
	type NodeRunOptions,
} from '../harness/engine';
import { inject, json, requestsOf, rl, useSandbox } from '../harness/fixtures';
import { TriggerHarness } from '../harness/trigger';

const env = useSandbox();
const run = (
	options: Omit<NodeRunOptions, 'credentials'> & { credentials?: NodeRunOptions['credentials'] },
) => runNode({ credentials: env.credentials, ...options });
const everything = (result: Awaited<ReturnType<typeof runNode>>) =>
	JSON.stringify(result.outputs) +
	String(result.error?.message) +
	String(result.error?.description) +
	JSON.stringify(result.error ?? null);
const getAsset = (assetId = SEED_IDS.revenueForecast) => ({
	resource: 'asset',
	operation: 'get',
	assetId: rl(assetId),
});
const executeAsset = (extra: object = {}) => ({
	resource: 'asset',
	operation: 'execute',
	assetId: rl('={{ $json.id }}'),
	waitForCompletion: false,
	...extra,
});
const jobCount = async () => (await sandboxJobs(env.sandbox)).length;

const servers: FakeServer[] = [];
async function serve(handler: Parameters<typeof fakeServer>[0]) {
	const server = await fakeServer(handler);
	servers.push(server);
	return server;
}
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()));
});

const { maxAttempts } = TEST_TRANSPORT.retry;
const { pagesInFlight } = DEFAULT_TRANSPORT_SETTINGS;

describe('13.1 the API key never follows a redirect; plain http only to this machine', () => {
	test.each([301, 302, 303, 307, 308])(
		'a %i to another origin is a clear error, and the other origin gets nothing',
		async (status) => {
			const elsewhere = await serve((_req, res) => sendJson(res, 200, { data: {} }));
			const redirecting = await serve((req, res) => {
				res.writeHead(status, { Location: `${elsewhere.url}${req.url}` });
				res.end();
			});
			for (const parameters of [getAsset(), executeAsset()]) {
				const result = await run({
					credentials: { baseUrl: redirecting.url, apiKey: OWNER },
					parameters,
					items: [{ id: SEED_IDS.revenueForecast }],
				});
				expect(result.error?.message).toMatch(
					new RegExp(
						`^Asset Workspace API: answered ${status} with a redirect to ${elsewhere.url}/api/public/v1/assets/[0-9a-f-]+(/execute)?, which this node does not follow \\[${status}\\] Set the Base URL to the address it points to\\.$`,
					),
				);
				expect(result.error?.description).toContain(
					'Set the Base URL in the credential to the address the service redirects to',
				);
			}
			expect(redirecting.requests).toHaveLength(2);
			expect(elsewhere.requests).toHaveLength(0);
		},
	);

	test('the credential test does not follow a redirect either', async () => {
		const elsewhere = await serve((_req, res) => sendJson(res, 200, { data: [], meta: {} }));
		const redirecting = await serve((req, res) => {
			res.writeHead(307, { Location: `${elsewhere.url}${req.url}` });
			res.end();
		});
		expect(await testCredential({ baseUrl: redirecting.url, apiKey: OWNER })).toEqual({
			status: 'Error',
			message:
				'The base URL answers with a redirect (307), which is not followed so that the API key goes nowhere else: set it to the address it redirects to.',
		});
		expect(elsewhere.requests).toHaveLength(0);
	});

	test('http is accepted for localhost and 127.x.x.x only', () => {
		for (const ok of [
			'http://127.0.0.1:8787',
			'http://localhost:5678',
			'http://127.8.9.10',
			'http://[::1]:8787',
			'https://acme.example',
		]) {
			expect(checkBaseUrl(ok).url).toBe(ok);
		}
		for (const bad of [
			'http://acme.example',
			'http://10.0.0.5:8787',
			'http://128.0.0.1',
			'http://localhost.evil.example',
		]) {
			expect(checkBaseUrl(bad).problem).toMatch(/^must use https/);
		}
	});

	test('the node and the credential test refuse plain http to another host before sending the key', async () => {
		const result = await run({
			credentials: { baseUrl: 'http://acme.example', apiKey: OWNER },
			parameters: getAsset(),
		});
		expect(result.error?.message).toBe(
			"Base URL must use https: plain http would send the API key unencrypted (http is allowed only for localhost and 127.x.x.x; for another host, turn on Allow Plain HTTP to Any Host in the credential), got 'http://acme.example'",
		);
		expect(
			(await testCredential({ baseUrl: 'http://acme.example', apiKey: OWNER })).message,
		).toMatch(/^Base URL must use https/);
	});
});

describe('13.2 Execute with several items: every item checked first; a stop names the jobs already started', () => {
	test('one invalid item: no job is queued for any item', async () => {
		const before = await jobCount();
		const result = await run({
			parameters: executeAsset(),
			items: [
				{ id: SEED_IDS.salesforceOpportunities },
				{ id: SEED_IDS.stripePayments },
				{ id: 'not-an-id' },
			],
		});
		expect(result.error?.message).toBe(
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
		);
		expect(requestsOf(env.sandbox)).toEqual([]);
		expect(await jobCount()).toBe(before);
	});

	test('with Continue On Fail the invalid item fails alone and the others run', async () => {
		const result = await run({
			parameters: executeAsset(),
			items: [{ id: 'not-an-id' }, { id: SEED_IDS.salesforceOpportunities }],
			onError: 'continueRegularOutput',
		});
		expect(json(result).map((o) => o.error ?? o.status)).toEqual([
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
			'pending',
		]);
	});

	test("an item that fails at the service stops the node with an error naming the other items' jobs", async () => {
		await inject(env.sandbox, {
			match: `/api/public/v1/assets/${SEED_IDS.stripePayments}/execute`,
			fault: 'status',
			status: 400,
			times: 1,
		});
		const result = await run({
			parameters: executeAsset({ options: { concurrency: 1 } }),
			items: [{ id: SEED_IDS.salesforceOpportunities }, { id: SEED_IDS.stripePayments }],
		});
		const started = (await sandboxJobs(env.sandbox))
			.map((j) => j.job)
			.filter((j) => j.assetId === SEED_IDS.salesforceOpportunities);
		expect(started).toHaveLength(1);
		expect(result.error?.message).toMatch(/^Asset Workspace API: Injected fault: status 400/);
		expect(result.error?.description).toContain(
			`Jobs already started for other items (not in any output, because the node stopped): ${started[0].jobId} (item 0).`,
		);
		expect((result.error as any).context.startedJobs).toEqual([
			{ itemIndex: 0, jobId: started[0].jobId },
		]);
	});

	test('the Execute operation warns about Retry On Fail in the editor', async () => {
		const { AssetWorkspace } = await import('../../nodes/AssetWorkspace/AssetWorkspace.node');
		const notice = new AssetWorkspace().description.properties.find(
			(p) => p.name === 'retryNotice',
		);
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain('Keep Retry On Fail (in Settings) off');
		expect(notice?.displayOptions?.show).toMatchObject({
			resource: ['asset'],
			operation: ['execute'],
		});
	});
});

describe('13.3 a POST is sent again only when the service proved it refused it', () => {
	const path = `/api/public/v1/assets/${SEED_IDS.salesforceOpportunities}/execute`;

	test('503 without Retry-After: one request, and the error says a job may exist', async () => {
		await inject(env.sandbox, { match: path, fault: 'status', status: 503, times: 1 });
		const result = await run({
			parameters: executeAsset(),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(requestsOf(env.sandbox).filter((r) => r.startsWith('POST'))).toHaveLength(1);
		expect(result.error?.message).toMatch(
			/\[503 internal_error\] Check for the job before running it again\.$/,
		);
		expect(result.error?.description).toContain('A job may have been queued');
	});

	test.each([429, 503])('%i with Retry-After: sent again, one job', async (status) => {
		await inject(env.sandbox, {
			match: path,
			fault: 'status',
			status,
			retryAfterSeconds: 0,
			times: 1,
		});
		const before = await jobCount();
		const result = await run({
			parameters: executeAsset(),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(json(result)[0].status).toBe('pending');
		expect(requestsOf(env.sandbox).filter((r) => r.startsWith('POST'))).toHaveLength(2);
		expect(await jobCount()).toBe(before + 1);
	});
});

describe('13.4 Wait for Completion polls through passing failures; every error after the POST carries the job', () => {
	test('a status check that fails (all its retries) does not fail an item whose job then succeeds', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			method: 'GET',
			fault: 'status',
			status: 502,
			times: maxAttempts,
		});
		const result = await run({
			parameters: executeAsset({ waitForCompletion: true }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			status: 'success',
			assetId: SEED_IDS.salesforceOpportunities,
		});
		expect(
			requestsOf(env.sandbox).filter((r) => r.startsWith('GET /jobs/')).length,
		).toBeGreaterThan(maxAttempts);
	});

	test('when the checks keep failing, the item fails at its timeout with jobId and the job in details', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			method: 'GET',
			fault: 'status',
			status: 500,
			times: 1000,
		});
		const result = await run({
			parameters: executeAsset({ waitForCompletion: true, options: { timeout: 2 } }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
			onError: 'continueErrorOutput',
		});
		const [failed] = json(result, 1);
		expect(failed.error).toMatch(
			/^Job [0-9a-f-]{36} did not finish within 2 s \(last status: pending\)$/,
		);
		expect(failed.details.description).toContain(
			'The last status check failed: Asset Workspace API: Injected fault: status 500.',
		);
		expect(failed.details.jobId).toMatch(/^[0-9a-f-]{36}$/);
		expect(failed.details.job).toMatchObject({
			jobId: failed.details.jobId,
			status: 'pending',
			assetId: SEED_IDS.salesforceOpportunities,
		});
	});

	test('a lasting answer (404) ends the wait at once, still carrying the job', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			method: 'GET',
			fault: 'status',
			status: 404,
			times: 1,
		});
		const result = await run({
			parameters: executeAsset({ waitForCompletion: true }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
			onError: 'continueRegularOutput',
		});
		const [failed] = json(result);
		expect(failed.details.httpCode).toBe('404');
		expect(failed.details.jobId).toBe(failed.details.job.jobId);
		expect(requestsOf(env.sandbox).filter((r) => r.startsWith('GET /jobs/'))).toHaveLength(1);
	});
});

describe('13.5 the request timeout bounds the whole request', () => {
	test('a server that drips a byte every 250 ms is cut off at the timeout, and retried within the bound', async () => {
		const drip = await serve((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.write('{"data": ');
			const timer = setInterval(() => res.write(' '), 250);
			res.on('close', () => clearInterval(timer));
		});
		const result = await run({
			credentials: { baseUrl: drip.url, apiKey: OWNER },
			parameters: getAsset(),
			settings: testTransport({ attemptTimeoutMs: 1000 }),
		});
		expect(result.error?.message).toBe(
			`Asset Workspace API: no answer from ${drip.url} [timed out] Check the base URL and that the service is up.`,
		);
		expect(result.error?.description).toContain(`after ${maxAttempts} attempts`);
		expect(result.error?.description).toContain('Cause: no complete answer within 1 s.');
		expect(drip.requests).toHaveLength(maxAttempts);
	});
});

describe('13.6 Return All ends against a server that ignores offset', () => {
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
	const ignored = 'Asset Workspace API: the page at offset 100 came back as offset 0';
	const repeated =
		'Asset Workspace API: the page at offset 100 repeats assets already read, so the listing cannot go on';

	test.each([
		[false, ignored],
		[true, repeated],
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
		[false, ignored],
		[true, repeated],
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
			expect(server.requests).toHaveLength(2);
		},
	);
});

describe('13.7, 13.8, 13.15 redaction: parsed first, before any cut, harmless to other text', () => {
	const KEY = 'aw_live/9f8e7d6c/5b4a3210';

	test('13.7 a key straddling the 120-character cut leaves no prefix in the message', async () => {
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
			expect(everything(result)).not.toContain(KEY.slice(0, 8));
		}
	});

	test('13.8 a key echoed with \\/ or \\u escapes does not reach an output item', async () => {
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
			expect(everything(result)).not.toContain('5b4a3210');
		}
	});

	test('13.15 a 1-character key is refused before any request, and no message is cut up', async () => {
		const result = await run({
			credentials: { baseUrl: env.sandbox.url, apiKey: 'a' },
			parameters: getAsset(),
		});
		expect(result.error?.message).toBe(
			'API Key is 1 character long: an Asset Workspace API key is longer',
		);
		expect(requestsOf(env.sandbox)).toEqual([]);
	});

	test('13.15 an error message with the key inside keeps the words around it', async () => {
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

describe('13.9, 13.10 the trigger', () => {
	/** A job that stays pending until the test moves it (the sandbox's jobs here step every 50 ms). */
	const heldJob = async (assetId: string) => {
		const { jobId } = await startJob(env.sandbox, assetId);
		await controlJob(env.sandbox, jobId, { status: 'pending', hold: true });
		return jobId as string;
	};

	test('13.9 a job removed from Job IDs and added back does not fire again', async () => {
		const [a, b] = [
			await heldJob(SEED_IDS.salesforceOpportunities),
			await heldJob(SEED_IDS.stripePayments),
		];
		await controlJob(env.sandbox, a, { status: 'success' });
		const trigger = new TriggerHarness(env.credentials, { jobIds: `${a}, ${b}` });
		expect((await trigger.poll()).items?.map((j) => j.jobId)).toEqual([a]);
		trigger.setParameters({ jobIds: b });
		await trigger.poll();
		trigger.setParameters({ jobIds: `${a}, ${b}` });
		expect((await trigger.poll()).items).toBeNull();
	});

	test('13.9 an empty list in trigger mode is an error that leaves the state alone', async () => {
		const a = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		await controlJob(env.sandbox, a, { status: 'success' });
		const trigger = new TriggerHarness(env.credentials, { jobIds: a }, { mode: 'n8n1' });
		expect((await trigger.poll()).items?.map((j) => j.jobId)).toEqual([a]);
		const before = trigger.state;
		trigger.setParameters({ jobIds: '={{ "" }}' });
		const empty = await trigger.poll();
		expect(empty.error?.message).toBe('Job IDs: add at least one job id to watch');
		expect(trigger.state).toEqual(before);
		trigger.setParameters({ jobIds: a });
		expect((await trigger.poll()).items).toBeNull();
	});

	test('13.10 a 401 for one job in a poll loses no other job that finished', async () => {
		const [a, b] = [
			await heldJob(SEED_IDS.salesforceOpportunities),
			await heldJob(SEED_IDS.stripePayments),
		];
		const trigger = new TriggerHarness(env.credentials, { jobIds: `${a}, ${b}` }, { mode: 'n8n1' });
		expect((await trigger.poll()).items).toBeNull();
		await controlJob(env.sandbox, a, { status: 'success' });
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${b}`,
			fault: 'status',
			status: 401,
			times: 1,
		});
		expect((await trigger.poll()).error?.message).toMatch(/\[401 /);
		expect((await trigger.poll()).items?.map((j) => j.jobId)).toEqual([a]);
	});
});

describe('13.11 the base URL carries an address only, and errors never echo credentials in it', () => {
	test.each([
		[
			'https://user:s3cr3t-pass@acme.example',
			'must not contain a user name or password',
			"'https://acme.example'",
		],
		[
			'https://acme.example?token=s3cr3t-pass',
			'must not contain a query',
			"'https://acme.example'",
		],
		[
			'https://acme.example/#s3cr3t-pass',
			'must not contain a query (?...) or a fragment',
			"'https://acme.example'",
		],
		['ht!tp://user:s3cr3t-pass@', 'is not a URL', 'a value of 25 characters'],
	])('%s', async (baseUrl, problem, shown) => {
		const result = await run({ credentials: { baseUrl, apiKey: OWNER }, parameters: getAsset() });
		expect(result.error?.message).toContain(`Base URL ${problem}`);
		expect(result.error?.message).toMatch(
			new RegExp(`, got ${shown.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
		);
		expect(everything(result)).not.toContain('s3cr3t-pass');
		const credentialTest = await testCredential({ baseUrl, apiKey: OWNER });
		expect(credentialTest.status).toBe('Error');
		expect(credentialTest.message).not.toContain('s3cr3t-pass');
	});
});

describe('13.12 parameter names', () => {
	const withPairs = (names: string[]) =>
		executeAsset({
			specifyParameters: 'keypair',
			parameters: { parameter: names.map((name) => ({ name, value: 'x' })) },
		});

	test('toString and valueOf are ordinary names, not "given twice"', async () => {
		const result = await run({
			parameters: withPairs(['toString', 'valueOf', 'hasOwnProperty']),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error).toBeUndefined();
		const inspected = (await call(env.sandbox, `/__sandbox/jobs/${json(result)[0].jobId}`)).json
			.data;
		expect(inspected.parameters).toEqual({ toString: 'x', valueOf: 'x', hasOwnProperty: 'x' });
	});

	test.each(['__proto__', 'constructor', 'prototype'])(
		'%s is refused in both modes, and nothing is sent',
		async (name) => {
			const fields = await run({
				parameters: withPairs([name]),
				items: [{ id: SEED_IDS.salesforceOpportunities }],
			});
			expect(fields.error?.message).toBe(`Parameters: parameter name '${name}' is reserved`);
			const asJson = await run({
				parameters: executeAsset({
					specifyParameters: 'json',
					parametersJson: `{"${name}": {"polluted": true}}`,
				}),
				items: [{ id: SEED_IDS.salesforceOpportunities }],
			});
			expect(asJson.error?.message).toBe(`Parameters (JSON): parameter name '${name}' is reserved`);
			expect(requestsOf(env.sandbox)).toEqual([]);
		},
	);
});

describe('13.13 a body that cannot be sent is refused before sending, never "a job may have been queued"', () => {
	test('20,000 levels deep', async () => {
		const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
		const result = await run({
			parameters: executeAsset({ specifyParameters: 'json', parametersJson: `{"DEEP": ${deep}}` }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error?.message).toBe(
			`Parameters (JSON): values nest more than ${MAX_PARAMETER_DEPTH} levels deep`,
		);
		expect(result.error?.description).toContain('Nothing was sent');
		expect(requestsOf(env.sandbox)).toEqual([]);
	});

	test(`a body over ${MAX_BODY_BYTES} bytes`, async () => {
		const result = await run({
			parameters: executeAsset({
				specifyParameters: 'keypair',
				parameters: { parameter: [{ name: 'BIG', value: 'x'.repeat(MAX_BODY_BYTES) }] },
			}),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Asset Workspace API: the request body is \\d+ bytes, more than the ${MAX_BODY_BYTES} this node sends$`,
			),
		);
		expect(result.error?.description).toContain('Nothing was sent, so no job was queued');
		expect(requestsOf(env.sandbox)).toEqual([]);
	});
});

describe('13.14 messages that contain an error code stay as written', () => {
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
