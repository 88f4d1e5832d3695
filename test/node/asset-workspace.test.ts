/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The Asset Workspace node in n8n's real execution engine, against the sandbox over HTTP:
 * every operation, paging, validation before any request, error mapping, continue-on-fail,
 * and the API key never leaving the credential.
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../../nodes/shared/transport';
import { SEED_IDS, stableUuid } from '../../sandbox/seed';
import { OWNER, VIEWER, allAssets, call, startJob } from '../helpers/http';
import { runNode, type NodeRunOptions } from '../harness/engine';
import { inject, json, requestsOf, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const run = (
	options: Omit<NodeRunOptions, 'credentials'> & { credentials?: NodeRunOptions['credentials'] },
) => runNode({ credentials: env.credentials, ...options });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('Asset: Get', () => {
	test('returns the asset as the API answers it, paired with its input item', async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.nightlyFinance) },
		});
		const direct = await call(env.sandbox, `/api/public/v1/assets/${SEED_IDS.nightlyFinance}`);
		expect(json(result)).toEqual([direct.json.data]);
		expect(result.outputs[0][0].pairedItem).toEqual({ item: 0 });
	});

	test('accepts the id from the list mode and from an expression', async () => {
		const result = await run({
			items: [{ id: SEED_IDS.revenueForecast }, { id: SEED_IDS.stripePayments }],
			parameters: { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}', 'list') },
		});
		expect(json(result).map((a: any) => a.name)).toEqual(['Revenue Forecast', 'Stripe Payments']);
		expect(result.outputs[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Asset: Get Many', () => {
	const getAll = (extra: object) =>
		run({ parameters: { resource: 'asset', operation: 'getAll', ...extra } });

	test.each([
		[1, ['limit=1&offset=0']],
		[5, ['limit=5&offset=0']],
		[50, ['limit=50&offset=0']],
	])('Limit %i asks for exactly that', async (limit, queries) => {
		const result = await getAll({ returnAll: false, limit });
		expect(json(result)).toHaveLength(Math.min(limit, 21));
		expect(requestsOf(env.sandbox)).toEqual(queries.map((q) => `GET /assets?${q}`));
	});

	test('Return All walks every page in name order', async () => {
		const result = await getAll({ returnAll: true });
		const expected = await allAssets(env.sandbox);
		expect(json(result)).toEqual(expected);
		expect(
			result.outputs[0].every((item) => (item.pairedItem as { item: number }).item === 0),
		).toBe(true);
	});

	test('folder filter from the picker', async () => {
		const result = await getAll({
			returnAll: true,
			filters: { folderId: rl(SEED_IDS.folders.marketing, 'list') },
		});
		const names = json(result).map((a: any) => a.name);
		expect(names).toEqual([
			'Campaign Attribution',
			'Customer Churn Risk',
			'Web Analytics Sessions',
			'Weekly Marketing Rollup',
		]);
		expect(requestsOf(env.sandbox)).toEqual([
			`GET /assets?limit=100&offset=0&folderId=${SEED_IDS.folders.marketing}`,
		]);
	});

	test('a folder id that is not a UUID is rejected before any request', async () => {
		const result = await run({
			items: [{ f: '../jobs' }],
			parameters: {
				resource: 'asset',
				operation: 'getAll',
				returnAll: true,
				filters: { folderId: rl('={{ $json.f }}') },
			},
		});
		expect(result.error?.message).toBe(
			"Folder must be a UUID, got '../jobs': find the id with Asset > Get Many, Type Folder",
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('Asset: Get Many at scale', () => {
	const big = useSandbox({ assets: 1000 });

	test('Return All over 1,021 assets reads every page once, in name order, within ceil(N/100)+w requests', async () => {
		const result = await runNode({
			credentials: big.credentials,
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		const items = json(result) as any[];
		expect(items).toHaveLength(1021);
		expect(new Set(items.map((a) => a.id)).size).toBe(1021);
		const names = items.map((a) => a.name.toLowerCase());
		expect(names).toEqual([...names].sort());
		// The 11 pages it needs (offsets 0 to 1000), each once, plus at most the pages in flight past the end.
		const offsets = big.sandbox.requests.map((r) => Number(r.query.offset));
		expect(new Set(offsets).size).toBe(offsets.length);
		expect(offsets.filter((o) => o <= 1000).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 11 }, (_, i) => i * 100),
		);
		expect(offsets.length).toBeLessThanOrEqual(
			Math.ceil(1021 / 100) + DEFAULT_TRANSPORT_SETTINGS.pagesInFlight,
		);
		expect(big.sandbox.requests.every((r) => r.query.limit === '100')).toBe(true);
	});

	test('Limit 120 asks for 100, then 20', async () => {
		const result = await runNode({
			credentials: big.credentials,
			parameters: { resource: 'asset', operation: 'getAll', returnAll: false, limit: 120 },
		});
		expect(json(result)).toHaveLength(120);
		expect(requestsOf(big.sandbox)).toEqual([
			'GET /assets?limit=100&offset=0',
			'GET /assets?limit=20&offset=100',
		]);
	});
});

describe('Asset: Execute', () => {
	const execute = (extra: object, items?: object[]) =>
		run({
			items: items as never,
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.slackNotifier),
				...extra,
			},
		});
	const inspect = async (jobId: string) =>
		(await call(env.sandbox, `/__sandbox/jobs/${jobId}`)).json.data;

	test('without waiting: queues a run with jobSource API and returns the queued job', async () => {
		const result = await execute({ specifyParameters: 'none', waitForCompletion: false });
		const [job] = json(result) as any[];
		expect(job).toMatchObject({
			status: 'pending',
			assetId: SEED_IDS.slackNotifier,
			jobSource: 'API',
		});
		expect((await inspect(job.jobId)).parameters).toEqual({});
	});

	test('parameters as name/value pairs overlay the variables', async () => {
		const result = await execute(
			{
				specifyParameters: 'keypair',
				parameters: {
					parameter: [
						{ name: 'CHANNEL', value: '#ops' },
						{ name: 'MESSAGE', value: '={{ "run " + $json.n }}' },
					],
				},
			},
			[{ n: 7 }],
		);
		const state = await inspect((json(result)[0] as any).jobId);
		expect(state.parameters).toEqual({ CHANNEL: '#ops', MESSAGE: 'run 7' });
		expect(state.variables).toEqual({
			SLACK_TOKEN: 'xoxb-sandbox-slack-token',
			CHANNEL: '#ops',
			MESSAGE: 'run 7',
		});
	});

	test('parameters as a JSON object keep their types', async () => {
		const result = await execute({
			specifyParameters: 'json',
			parametersJson: '{"COUNT": 3, "DRY_RUN": true, "TAGS": ["a"]}',
		});
		expect((await inspect((json(result)[0] as any).jobId)).parameters).toEqual({
			COUNT: 3,
			DRY_RUN: true,
			TAGS: ['a'],
		});
	});

	test.each([
		[
			'not JSON',
			{ specifyParameters: 'json', parametersJson: '{"A": ' },
			`Parameters (JSON) is not valid JSON: '{"A": '`,
		],
		[
			'a JSON array',
			{ specifyParameters: 'json', parametersJson: '[1, 2]' },
			"Parameters (JSON) must be a JSON object of names to values, got '[1,2]'",
		],
		[
			'a JSON string',
			{ specifyParameters: 'json', parametersJson: '"x"' },
			`Parameters (JSON) must be a JSON object of names to values, got 'x'`,
		],
		[
			'a bad JSON name',
			{ specifyParameters: 'json', parametersJson: '{"RUN-DATE": 1}' },
			"Parameters (JSON): parameter name 'RUN-DATE' may contain only letters, digits and underscores",
		],
		[
			'a bad pair name',
			{
				specifyParameters: 'keypair',
				parameters: { parameter: [{ name: 'run date', value: 'x' }] },
			},
			"Parameters: parameter name 'run date' may contain only letters, digits and underscores",
		],
		[
			'an empty pair name',
			{ specifyParameters: 'keypair', parameters: { parameter: [{ name: '', value: 'x' }] } },
			"Parameters: parameter name '' may contain only letters, digits and underscores",
		],
		[
			'a name given twice',
			{
				specifyParameters: 'keypair',
				parameters: {
					parameter: [
						{ name: 'A', value: '1' },
						{ name: 'A', value: '2' },
					],
				},
			},
			"Parameters: the name 'A' is given twice",
		],
	])('rejects %s before any request', async (_case, extra, message) => {
		const result = await execute(extra);
		expect(result.error?.message).toBe(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('executing a folder surfaces the server error clearly', async () => {
		const result = await run({
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.folders.finance),
			},
		});
		expect(result.error?.message).toMatch(
			/^Asset Workspace API: Asset .* is a Folder; only sources, models, orchestrations and Python assets can be executed\. \[400 not_executable\] Check the values sent\.$/,
		);
		expect(result.error?.description).toContain(
			`POST /api/public/v1/assets/${SEED_IDS.folders.finance}/execute`,
		);
	});

	test('executing a model with nothing published: 409 with the server message', async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'execute', assetId: rl(SEED_IDS.customerChurn) },
		});
		expect(result.error?.message).toContain('has no published version');
		expect(result.error?.message).toContain('[409 not_executable]');
		expect(result.error?.httpCode).toBe('409');
	});
});

describe('Model Version', () => {
	const versions = (extra: object) => run({ parameters: { resource: 'modelVersion', ...extra } });

	test('Get Many: the service order (newest first here), with the model id added', async () => {
		const result = await versions({
			operation: 'getAll',
			assetId: rl(SEED_IDS.revenueForecast),
			returnAll: true,
		});
		const items = json(result) as any[];
		expect(items.map((v) => [v.versionNumber, v.published])).toEqual([
			[3, false],
			[2, true],
			[1, false],
		]);
		expect(
			items.every((v) => v.assetId === SEED_IDS.revenueForecast && v.nodes === undefined),
		).toBe(true);
	});

	test('Get Many: Limit applies to the unpaged list', async () => {
		const result = await versions({
			operation: 'getAll',
			assetId: rl(SEED_IDS.revenueForecast),
			returnAll: false,
			limit: 2,
		});
		expect((json(result) as any[]).map((v) => v.versionNumber)).toEqual([3, 2]);
		expect(requestsOf(env.sandbox)).toEqual([
			`GET /assets/${SEED_IDS.revenueForecast}/model/versions`,
		]);
	});

	test('Get: one version with its canvas', async () => {
		const versionId = stableUuid('version:revenue-forecast:1');
		const result = await versions({
			operation: 'get',
			assetId: rl(SEED_IDS.revenueForecast),
			versionId: rl(versionId, 'list'),
			simplify: false,
		});
		const [version] = json(result) as any[];
		expect(version).toMatchObject({
			id: versionId,
			versionNumber: 1,
			published: false,
			assetId: SEED_IDS.revenueForecast,
		});
		expect(version.nodes.length).toBeGreaterThan(3);
		expect(version.edges.length).toBeGreaterThan(3);
	});

	test('Get: an unknown version is a clear 404 naming the request', async () => {
		const result = await versions({
			operation: 'get',
			assetId: rl(SEED_IDS.revenueForecast),
			versionId: rl(UNKNOWN),
		});
		expect(result.error?.message).toBe(
			`Asset Workspace API: Version ${UNKNOWN} of model ${SEED_IDS.revenueForecast} was not found. [404 not_found] Check the version id: Model Version > Get Many lists them.`,
		);
		expect(result.error?.description).toContain('Check the id');
	});

	test('Get Published: the published version', async () => {
		const result = await versions({
			operation: 'getPublished',
			assetId: rl(SEED_IDS.revenueForecast),
			simplify: false,
		});
		expect(json(result)).toEqual([
			expect.objectContaining({
				versionNumber: 2,
				published: true,
				assetId: SEED_IDS.revenueForecast,
				nodes: expect.any(Array),
			}),
		]);
	});

	test('Get Published with nothing published: one documented item, not an error', async () => {
		const result = await versions({
			operation: 'getPublished',
			assetId: rl(SEED_IDS.customerChurn),
		});
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			{
				assetId: SEED_IDS.customerChurn,
				published: false,
				version: null,
				message: 'No version of this model is published yet.',
			},
		]);
	});

	test('Get Published tolerates a service that answers 404 for "nothing published"', async () => {
		await inject(env.sandbox, {
			match: `/api/public/v1/assets/${SEED_IDS.customerChurn}/model`,
			times: 1,
			fault: 'status',
			status: 404,
		});
		const result = await versions({
			operation: 'getPublished',
			assetId: rl(SEED_IDS.customerChurn),
		});
		expect(json(result)).toEqual([expect.objectContaining({ published: false, version: null })]);
		expect(requestsOf(env.sandbox)).toEqual([
			`GET /assets/${SEED_IDS.customerChurn}/model`,
			`GET /assets/${SEED_IDS.customerChurn}`,
		]);
	});

	test('Get Published of an unknown model is a 404 error, not "nothing published"', async () => {
		const result = await versions({ operation: 'getPublished', assetId: rl(UNKNOWN) });
		expect(result.error?.message).toBe(
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
		);
	});
});

describe('Job: Get', () => {
	test('reads a job started by an earlier step, mapped by expression', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.postgresOrders);
		const result = await run({
			items: [started],
			parameters: { resource: 'job', operation: 'get', jobId: '={{ $json.jobId }}' },
		});
		expect(json(result)).toEqual([
			expect.objectContaining({
				jobId: started.jobId,
				assetId: SEED_IDS.postgresOrders,
				jobSource: 'API',
			}),
		]);
	});

	test('a job of an asset this key cannot read is a 404 with a hint about permissions', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.payrollClose);
		const result = await run({
			credentials: { baseUrl: env.sandbox.url, apiKey: VIEWER },
			parameters: { resource: 'job', operation: 'get', jobId: started.jobId },
		});
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toContain('that the user of this API key can read the item');
	});
});

describe('validation before any request', () => {
	const ids = [
		'',
		'abc',
		'../assets',
		'../../jobs/x',
		`${SEED_IDS.revenueForecast}/execute`,
		`${SEED_IDS.revenueForecast}?x=1`,
		'%2e%2e%2f',
		' '.repeat(3),
	];
	test.each(ids)(
		'asset id %j from an expression is rejected with a message naming the field',
		async (id) => {
			const result = await run({
				items: [{ id }],
				parameters: { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}') },
			});
			expect(result.error?.message).toBe(
				`Asset must be a UUID, got '${id}': find the id with Asset > Get Many, Name Contains`,
			);
			expect(env.sandbox.requests).toHaveLength(0);
		},
	);

	test.each(ids)('job id %j from an expression is rejected', async (id) => {
		const result = await run({
			items: [{ id }],
			parameters: { resource: 'job', operation: 'get', jobId: '={{ $json.id }}' },
		});
		expect(result.error?.message).toBe(
			`Job ID must be a UUID, got '${id}': a job id comes from Asset > Execute (its jobId) or the app's run details`,
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test("a typed-in id that is not a UUID is caught by n8n itself with the picker's message", async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'get', assetId: rl('../jobs') },
		});
		expect(result.error?.message).toContain("The 'Asset Workspace' node has issues");
		expect(
			String((result.error as any)?.description ?? '') + JSON.stringify(result.error),
		).toContain('Not a valid asset ID (a UUID)');
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('a base URL that is not http(s) is a clear error naming the field', async () => {
		for (const baseUrl of ['ftp://example.com', 'example.com', '', 'javascript:alert(1)']) {
			const result = await run({
				credentials: { baseUrl, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
			});
			expect(result.error?.message).toMatch(
				/^Base URL (must start with https:\/\/|is not a URL|is empty), got /,
			);
		}
	});

	test('base URL variants all reach the API', async () => {
		for (const baseUrl of [
			`${env.sandbox.url}/`,
			`  ${env.sandbox.url}//  `,
			`${env.sandbox.url}/api/public/v1`,
			`${env.sandbox.url}/api/public/v1/`,
		]) {
			const result = await run({
				credentials: { baseUrl, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.stripePayments) },
			});
			expect(result.error).toBeUndefined();
			expect((json(result)[0] as any).name).toBe('Stripe Payments');
		}
	});
});

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

describe('continue on fail and the error output', () => {
	const items = [
		{ id: SEED_IDS.revenueForecast },
		{ id: 'not-an-id' },
		{ id: UNKNOWN },
		{ id: SEED_IDS.stripePayments },
	];
	const parameters = { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}') };

	test('without it, the first bad item stops the node and names the item', async () => {
		const result = await run({ items, parameters });
		expect(result.error?.message).toBe(
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
		);
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	test('continue (regular output): bad items become error items in place, good ones go on', async () => {
		const result = await run({ items, parameters, onError: 'continueRegularOutput' });
		const out = json(result) as any[];
		expect(out.map((o) => o.name ?? o.error)).toEqual([
			'Revenue Forecast',
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
			'Stripe Payments',
		]);
		expect(out[2].details).toMatchObject({
			httpCode: '404',
			itemIndex: 2,
			description: expect.stringContaining(`GET /api/public/v1/assets/${UNKNOWN}`),
		});
		expect(result.outputs[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
	});

	test('error output: failed items go to the error branch only, never the success branch', async () => {
		const result = await run({ items, parameters, onError: 'continueErrorOutput' });
		expect(json(result, 0).map((a: any) => a.name)).toEqual([
			'Revenue Forecast',
			'Stripe Payments',
		]);
		expect(json(result, 1).map((e: any) => e.error)).toEqual([
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
		]);
		expect(result.outputs[1].map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
	});
});

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
});
