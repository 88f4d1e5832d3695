/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox against the Asset Workspace public API v1 contract and the choices it makes where
 * the contract leaves a point open (docs/sandbox.md), line by line, over real HTTP.
 */
import { SEEDED_SECRETS, SEED_IDS, KEYS, stableUuid } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import {
	OWNER,
	VIEWER,
	allAssets,
	api,
	call,
	changeAsset,
	newAsset,
	newVersion,
	publishVersion,
	removeAsset,
	sleep,
	waitForJob,
} from '../helpers/http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const F = SEED_IDS.folders;

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ jobStepMs: 60 });
});
afterAll(() => sandbox.close());
beforeEach(() => call(sandbox, '/__sandbox/reset', { method: 'POST' }));

function expectError(res: { status: number; json: any }, status: number, code: string) {
	expect(res.status).toBe(status);
	expect(res.json).toEqual({ error: { code, message: expect.any(String) } });
	expect(res.json.error.message.length).toBeGreaterThan(5);
}

function expectAssetShape(asset: any) {
	expect(Object.keys(asset).sort()).toEqual(
		expect.arrayContaining([
			'createdAt',
			'description',
			'id',
			'name',
			'owner',
			'parentFolder',
			'schedules',
			'type',
			'updatedAt',
		]),
	);
	for (const key of Object.keys(asset)) {
		expect([
			'id',
			'name',
			'description',
			'type',
			'createdAt',
			'updatedAt',
			'owner',
			'parentFolder',
			'schedules',
			'details',
		]).toContain(key);
	}
	expect(asset.id).toMatch(UUID);
	expect(typeof asset.name).toBe('string');
	expect(asset.description === null || typeof asset.description === 'string').toBe(true);
	expect(['Folder', 'Model', 'Source', 'Orchestration', 'Python']).toContain(asset.type);
	expect(asset.createdAt).toMatch(ISO);
	expect(asset.updatedAt).toMatch(ISO);
	expect(Object.keys(asset.owner).sort()).toEqual(['displayName', 'email', 'id']);
	if (asset.owner.id !== null) expect(asset.owner.id).toMatch(UUID);
	if (asset.parentFolder !== null) {
		expect(Object.keys(asset.parentFolder).sort()).toEqual(['id', 'name']);
		expect(asset.parentFolder.id).toMatch(UUID);
	}
	expect(Array.isArray(asset.schedules)).toBe(true);
	for (const s of asset.schedules) {
		expect(Object.keys(s).sort()).toEqual(['cronExpression', 'nextRunAt', 'timezone']);
		expect(s.cronExpression.split(' ')).toHaveLength(5);
		if (s.nextRunAt !== null) expect(s.nextRunAt).toMatch(ISO);
	}
	if (asset.details !== undefined) {
		for (const key of Object.keys(asset.details))
			expect(['tablePrefix', 'computeProfile']).toContain(key);
	}
}

const SUMMARY_KEYS = [
	'comment',
	'createdAt',
	'id',
	'published',
	'recordType',
	'updatedAt',
	'versionNumber',
];

describe('authentication', () => {
	const paths = [
		['GET', '/assets'],
		['GET', `/assets/${SEED_IDS.revenueForecast}`],
		['POST', `/assets/${SEED_IDS.revenueForecast}/execute`],
		['GET', `/assets/${SEED_IDS.revenueForecast}/model/versions`],
		['GET', `/assets/${SEED_IDS.revenueForecast}/model`],
		['GET', `/jobs/${UNKNOWN}`],
	];
	test.each(paths)(
		'%s %s answers 401 without a token, with a wrong token and with another scheme',
		async (method, path) => {
			for (const options of [
				{ key: null },
				{ key: 'aw_wrong' },
				{ key: null, headers: { authorization: `Basic ${OWNER}` } },
			]) {
				const res = await api(sandbox, path, {
					method,
					...options,
					body: method === 'POST' ? { jobSource: 'API' } : undefined,
				});
				expectError(res, 401, 'unauthorized');
				expect(res.headers.get('www-authenticate')).toBe('Bearer');
			}
		},
	);

	test('both sandbox keys are accepted, the scheme case-insensitively', async () => {
		expect((await api(sandbox, '/assets', { key: OWNER })).status).toBe(200);
		expect((await api(sandbox, '/assets', { key: VIEWER })).status).toBe(200);
		expect(
			(await api(sandbox, '/assets', { key: null, headers: { authorization: `bearer ${OWNER}` } }))
				.status,
		).toBe(200);
	});
});

describe('GET /assets', () => {
	test('defaults: limit 50, offset 0, envelope {data, meta}', async () => {
		const res = await api(sandbox, '/assets');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(Object.keys(res.json).sort()).toEqual(['data', 'meta']);
		expect(res.json.meta).toEqual({ limit: 50, offset: 0, hasMore: false });
		expect(res.json.data.length).toBeGreaterThanOrEqual(20);
		res.json.data.forEach(expectAssetShape);
	});

	test('the seed is realistic: every kind, root assets, one model without a published version', async () => {
		const assets = await allAssets(sandbox);
		const types = new Set(assets.map((a) => a.type));
		expect([...types].sort()).toEqual(['Folder', 'Model', 'Orchestration', 'Python', 'Source']);
		expect(
			assets.filter((a) => a.parentFolder === null && a.type !== 'Folder').length,
		).toBeGreaterThan(0);
		expect(
			assets.some(
				(a) => a.owner.id === null && a.owner.displayName === null && a.owner.email === null,
			),
		).toBe(true);
		expect(assets.some((a) => a.details?.tablePrefix)).toBe(true);
		expect(assets.some((a) => a.type === 'Orchestration' && a.details?.computeProfile)).toBe(true);
		expect(assets.some((a) => a.schedules.length > 0)).toBe(true);
	});

	test('sorted by name, case-insensitively', async () => {
		const names = (await allAssets(sandbox)).map((a) => a.name.toLowerCase());
		expect(names).toEqual([...names].sort());
	});

	test.each([
		['limit', '0'],
		['limit', '101'],
		['limit', '-1'],
		['limit', 'abc'],
		['limit', '1.5'],
		['limit', ''],
		['limit', '1e2'],
		['offset', '-1'],
		['offset', 'x'],
		['offset', '2.5'],
	])('%s=%s is a 400 with an error body', async (name, value) => {
		const res = await api(sandbox, `/assets?${name}=${encodeURIComponent(value)}`);
		expectError(res, 400, 'invalid_parameter');
		expect(res.json.error.message).toContain(name);
	});

	test('limit bounds 1 and 100 are accepted', async () => {
		expect((await api(sandbox, '/assets?limit=1')).json.meta).toEqual({
			limit: 1,
			offset: 0,
			hasMore: true,
		});
		expect((await api(sandbox, '/assets?limit=100')).json.meta.limit).toBe(100);
	});

	test('paging with offset walks the sorted list; hasMore is true exactly when a page is full', async () => {
		const all = await allAssets(sandbox);
		const seen: string[] = [];
		for (let offset = 0; ; offset += 7) {
			const res = await api(sandbox, `/assets?limit=7&offset=${offset}`);
			expect(res.json.meta).toEqual({ limit: 7, offset, hasMore: res.json.data.length === 7 });
			seen.push(...res.json.data.map((a: any) => a.id));
			if (!res.json.meta.hasMore) break;
		}
		expect(seen).toEqual(all.map((a) => a.id));
		const past = await api(sandbox, `/assets?offset=${all.length + 10}`);
		expect(past.json).toEqual({
			data: [],
			meta: { limit: 50, offset: all.length + 10, hasMore: false },
		});
	});

	test('a page that ends exactly at the last item still says hasMore (a full page was returned)', async () => {
		const total = (await allAssets(sandbox)).length;
		const res = await api(sandbox, `/assets?limit=5&offset=${total - 5}`);
		expect(res.json.meta.hasMore).toBe(true);
		expect((await api(sandbox, `/assets?limit=5&offset=${total}`)).json.data).toEqual([]);
	});

	test('folderId returns the assets directly in that folder', async () => {
		const res = await api(sandbox, `/assets?folderId=${F.finance}`);
		expect(res.status).toBe(200);
		expect(res.json.data.length).toBeGreaterThan(2);
		for (const asset of res.json.data)
			expect(asset.parentFolder).toEqual({ id: F.finance, name: 'Finance' });
		// The archive subfolder is listed, but not what is inside it.
		expect(res.json.data.map((a: any) => a.name)).toContain('Finance Archive');
		expect(res.json.data.map((a: any) => a.name)).not.toContain('Legacy Ledger 2019');
	});

	test('folderId that is not a UUID is a 400; an unknown folder lists nothing', async () => {
		expectError(await api(sandbox, '/assets?folderId=finance'), 400, 'invalid_parameter');
		expect((await api(sandbox, `/assets?folderId=${UNKNOWN}`)).json.data).toEqual([]);
	});

	test('internal-only assets never appear', async () => {
		const ids = (await allAssets(sandbox)).map((a) => a.id);
		expect(ids).not.toContain(SEED_IDS.internalAudit);
		expect(ids).not.toContain(SEED_IDS.internalCache);
		const inFinance = (await api(sandbox, `/assets?folderId=${F.finance}&limit=100`)).json.data.map(
			(a: any) => a.id,
		);
		expect(inFinance).not.toContain(SEED_IDS.internalAudit);
	});

	test('the viewer key sees part of the workspace only', async () => {
		const owner = await allAssets(sandbox, OWNER);
		const viewer = await allAssets(sandbox, VIEWER);
		expect(viewer.length).toBeLessThan(owner.length);
		const hidden = owner.filter((a) => !viewer.some((v) => v.id === a.id));
		expect(hidden.map((a) => a.name)).toEqual(
			expect.arrayContaining([
				'People (restricted)',
				'Payroll Close',
				'HRIS Export',
				'Headcount Plan',
			]),
		);
		expect(hidden.every((a) => a.id === F.people || a.parentFolder?.id === F.people)).toBe(true);
		expect((await api(sandbox, `/assets?folderId=${F.people}`, { key: VIEWER })).json.data).toEqual(
			[],
		);
	});

	test('--assets N adds N generated assets spread over the folders', async () => {
		const big = await startSandbox({ assets: 250 });
		try {
			const owner = await allAssets(big);
			const seeded = (await allAssets(sandbox)).length;
			expect(owner.length).toBe(seeded + 250);
			const generated = owner.filter((a) => a.name.startsWith('Generated '));
			expect(new Set(generated.map((a) => a.parentFolder?.id ?? 'root')).size).toBeGreaterThan(3);
		} finally {
			await big.close();
		}
	});
});

describe('GET /assets/{assetId}', () => {
	test('returns one asset in the envelope', async () => {
		const res = await api(sandbox, `/assets/${SEED_IDS.revenueForecast}`);
		expect(res.status).toBe(200);
		expect(Object.keys(res.json)).toEqual(['data']);
		expectAssetShape(res.json.data);
		expect(res.json.data).toMatchObject({
			name: 'Revenue Forecast',
			type: 'Model',
			parentFolder: { id: F.finance, name: 'Finance' },
			details: { tablePrefix: 'fin_rev_' },
		});
	});

	test('orchestrations carry computeProfile', async () => {
		const res = await api(sandbox, `/assets/${SEED_IDS.nightlyFinance}`);
		expect(res.json.data.details).toEqual({ computeProfile: 'Medium' });
		expect(res.json.data.schedules[0]).toEqual({
			cronExpression: '0 2 * * *',
			timezone: 'Europe/Berlin',
			nextRunAt: expect.stringMatching(ISO),
		});
	});

	test('unknown, internal-only and hidden ids are 404; malformed ids are 400', async () => {
		expectError(await api(sandbox, `/assets/${UNKNOWN}`), 404, 'not_found');
		expectError(await api(sandbox, `/assets/${SEED_IDS.internalCache}`), 404, 'not_found');
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.payrollClose}`, { key: VIEWER }),
			404,
			'not_found',
		);
		expect((await api(sandbox, `/assets/${SEED_IDS.payrollClose}`, { key: OWNER })).status).toBe(
			200,
		);
		expectError(await api(sandbox, '/assets/not-a-uuid'), 400, 'invalid_parameter');
	});
});

describe('secrets', () => {
	test('no secret, variable value or scripted outcome appears in any response', async () => {
		const bodies: string[] = [];
		for (const asset of await allAssets(sandbox)) {
			bodies.push((await api(sandbox, `/assets/${asset.id}`)).text);
			if (asset.type === 'Model') {
				const versions = await api(sandbox, `/assets/${asset.id}/model/versions`);
				bodies.push(versions.text, (await api(sandbox, `/assets/${asset.id}/model`)).text);
				for (const v of versions.json.data.versions)
					bodies.push((await api(sandbox, `/assets/${asset.id}/model/versions/${v.id}`)).text);
			}
		}
		bodies.push((await api(sandbox, '/assets?limit=100')).text);
		const job = await api(sandbox, `/assets/${SEED_IDS.slackNotifier}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		bodies.push(job.text, (await api(sandbox, `/jobs/${job.json.data.jobId}`)).text);
		const all = bodies.join('\n');
		for (const secret of [
			...SEEDED_SECRETS,
			'#data-alerts',
			'outcome',
			'scriptReads',
			'variables',
			'secrets',
			...KEYS.map((k) => k.key),
		]) {
			expect(all).not.toContain(secret);
		}
	});
});

describe('model versions', () => {
	test('list: summaries without the graph, newest versionNumber first', async () => {
		const res = await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions`);
		expect(res.status).toBe(200);
		expect(Object.keys(res.json)).toEqual(['data']);
		expect(Object.keys(res.json.data)).toEqual(['versions']);
		const versions = res.json.data.versions;
		expect(versions.map((v: any) => v.versionNumber)).toEqual([3, 2, 1]);
		expect(versions.filter((v: any) => v.published)).toHaveLength(1);
		for (const v of versions) {
			expect(Object.keys(v).sort()).toEqual(SUMMARY_KEYS);
			expect(v.id).toMatch(UUID);
			expect(typeof v.versionNumber).toBe('number');
			expect(typeof v.recordType).toBe('string');
			expect(typeof v.comment).toBe('string');
			expect(v.createdAt).toMatch(ISO);
		}
	});

	test('get: one version with nodes, edges and metadata', async () => {
		const list = (await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions`)).json
			.data.versions;
		const res = await api(
			sandbox,
			`/assets/${SEED_IDS.revenueForecast}/model/versions/${list[0].id}`,
		);
		expect(res.status).toBe(200);
		expect(Object.keys(res.json.data)).toEqual(['version']);
		const v = res.json.data.version;
		expect(Object.keys(v).sort()).toEqual([...SUMMARY_KEYS, 'edges', 'metadata', 'nodes'].sort());
		expect(v).toMatchObject(list[0]);
		expect(v.nodes.length).toBeGreaterThan(3);
		expect(v.edges.length).toBeGreaterThan(3);
		expect(typeof v.metadata).toBe('object');
		const nodeIds = new Set(v.nodes.map((n: any) => n.id));
		for (const e of v.edges) {
			expect(nodeIds.has(e.source)).toBe(true);
			expect(nodeIds.has(e.target)).toBe(true);
		}
	});

	test('published: the one published version, same shape as get', async () => {
		const res = await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model`);
		expect(res.status).toBe(200);
		expect(res.json.data.version).toMatchObject({ versionNumber: 2, published: true });
		const same = await api(
			sandbox,
			`/assets/${SEED_IDS.revenueForecast}/model/versions/${res.json.data.version.id}`,
		);
		expect(same.json).toEqual(res.json);
	});

	test('published when nothing is published: {data: {version: null}}', async () => {
		const res = await api(sandbox, `/assets/${SEED_IDS.customerChurn}/model`);
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ data: { version: null } });
	});

	test('versions of an unknown model, an unknown version, a version of another model, a non-model', async () => {
		expectError(await api(sandbox, `/assets/${UNKNOWN}/model/versions`), 404, 'not_found');
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${UNKNOWN}`),
			404,
			'not_found',
		);
		const other = stableUuid('version:customer-churn:1');
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${other}`),
			404,
			'not_found',
		);
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.postgresOrders}/model/versions`),
			400,
			'not_a_model',
		);
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.headcountPlan}/model`, { key: VIEWER }),
			404,
			'not_found',
		);
	});
});

describe('execute and the job lifecycle', () => {
	const JOB_KEYS = [
		'assetId',
		'finishedAt',
		'jobId',
		'jobSource',
		'jobSourceId',
		'startedAt',
		'status',
	];

	test('execute queues a pending job: 201 {data: Job}', async () => {
		const res = await api(sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.json)).toEqual(['data']);
		expect(Object.keys(res.json.data).sort()).toEqual(JOB_KEYS);
		expect(res.json.data).toMatchObject({
			status: 'pending',
			assetId: SEED_IDS.salesforceOpportunities,
			jobSource: 'API',
			startedAt: null,
			finishedAt: null,
		});
		expect(res.json.data.jobId).toMatch(UUID);
		expect(res.json.data.jobSourceId).toBe(KEYS[0].user.id);
	});

	test('pending -> running -> terminal, one step per --job-step-ms, with start and finish times', async () => {
		// Steps of 400 ms read every 10 ms: a reading falls into the running step even when a busy
		// machine runs one 300 ms late (with the suite's 60 ms steps it could miss it).
		const stepped = await startSandbox({ jobStepMs: 400 });
		try {
			const res = await api(stepped, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
				method: 'POST',
				body: { jobSource: 'Manual' },
			});
			const id = res.json.data.jobId;
			const seen = [res.json.data.status];
			for (
				let i = 0;
				i < 200 && !['success', 'warning', 'failed'].includes(seen[seen.length - 1]);
				i++
			) {
				await sleep(10);
				const status = (await api(stepped, `/jobs/${id}`)).json.data.status;
				if (status !== seen[seen.length - 1]) seen.push(status);
			}
			expect(seen).toEqual(['pending', 'running', 'success']);
			const done = (await api(stepped, `/jobs/${id}`)).json.data;
			expect(done.jobSource).toBe('Manual');
			expect(done.startedAt).toMatch(ISO);
			expect(done.finishedAt).toMatch(ISO);
			expect(Date.parse(done.finishedAt)).toBeGreaterThan(Date.parse(done.startedAt));
		} finally {
			await stepped.close();
		}
	});

	test.each([
		['success', SEED_IDS.revenueForecast],
		['warning', SEED_IDS.webAnalytics],
		['failed', SEED_IDS.postgresOrders],
		['warning', SEED_IDS.inventoryProjection],
		['failed', SEED_IDS.weeklyMarketing],
		['success', SEED_IDS.nightlyFinance],
	])('scripted outcome %s for asset %s', async (outcome, assetId) => {
		const res = await api(sandbox, `/assets/${assetId}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expect(res.status).toBe(201);
		expect((await waitForJob(sandbox, res.json.data.jobId)).status).toBe(outcome);
	});

	test('executing a folder is a 400 not_executable; a model with nothing published is a 409', async () => {
		expectError(
			await api(sandbox, `/assets/${F.finance}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
			400,
			'not_executable',
		);
		const res = await api(sandbox, `/assets/${SEED_IDS.customerChurn}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expectError(res, 409, 'not_executable');
		expect(res.json.error.message).toContain('no published version');
	});

	test.each([
		[
			'malformed JSON',
			{ rawBody: '{"jobSource": ', headers: { 'content-type': 'application/json' } },
			400,
			'invalid_body',
		],
		['a JSON array', { body: [] }, 400, 'invalid_body'],
		['no jobSource', { body: { parameters: {} } }, 400, 'invalid_body'],
		['an empty jobSource', { body: { jobSource: '' } }, 400, 'invalid_body'],
		['a numeric jobSource', { body: { jobSource: 1 } }, 400, 'invalid_body'],
		[
			'parameters as an array',
			{ body: { jobSource: 'API', parameters: [1] } },
			400,
			'invalid_body',
		],
		[
			'a parameter name with a dash',
			{ body: { jobSource: 'API', parameters: { 'RUN-DATE': 'x' } } },
			400,
			'invalid_parameter',
		],
		[
			'no JSON content type',
			{ rawBody: '{"jobSource":"API"}', headers: { 'content-type': 'text/plain' } },
			415,
			'unsupported_media_type',
		],
	])('execute with %s is rejected', async (_name, options, status, code) => {
		const res = await api(sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
			method: 'POST',
			...(options as object),
		});
		expectError(res, status as number, code as string);
	});

	test('execute of an unknown, internal or hidden asset is a 404; GET on execute is a 405', async () => {
		expectError(
			await api(sandbox, `/assets/${UNKNOWN}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
			404,
			'not_found',
		);
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.internalCache}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
			404,
			'not_found',
		);
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.payrollClose}/execute`, {
				method: 'POST',
				key: VIEWER,
				body: { jobSource: 'API' },
			}),
			404,
			'not_found',
		);
		expectError(
			await api(sandbox, `/assets/${SEED_IDS.payrollClose}/execute`),
			405,
			'method_not_allowed',
		);
	});

	test('jobs: unknown id 404, malformed id 400, jobs of hidden assets 404 for the viewer', async () => {
		expectError(await api(sandbox, `/jobs/${UNKNOWN}`), 404, 'not_found');
		expectError(await api(sandbox, '/jobs/12345'), 400, 'invalid_parameter');
		const hidden = await api(sandbox, `/assets/${SEED_IDS.payrollClose}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expect((await api(sandbox, `/jobs/${hidden.json.data.jobId}`, { key: OWNER })).status).toBe(
			200,
		);
		const viewer = await api(sandbox, `/jobs/${hidden.json.data.jobId}`, { key: VIEWER });
		expectError(viewer, 404, 'not_found');
		expect(viewer.json.error.message).toBe(
			(await api(sandbox, `/jobs/${UNKNOWN}`, { key: VIEWER })).json.error.message.replace(
				UNKNOWN,
				hidden.json.data.jobId,
			),
		);
		const visible = await api(sandbox, `/assets/${SEED_IDS.slackNotifier}/execute`, {
			method: 'POST',
			key: VIEWER,
			body: { jobSource: 'API' },
		});
		expect(visible.json.data.jobSourceId).toBe(KEYS[1].user.id);
		expect((await api(sandbox, `/jobs/${visible.json.data.jobId}`, { key: VIEWER })).status).toBe(
			200,
		);
	});
});

describe('the variable overlay of Python assets', () => {
	const run = async (assetId: string, parameters?: Record<string, unknown>) => {
		const res = await api(sandbox, `/assets/${assetId}/execute`, {
			method: 'POST',
			body: { jobSource: 'API', ...(parameters ? { parameters } : {}) },
		});
		expect(res.status).toBe(201);
		const job = await waitForJob(sandbox, res.json.data.jobId);
		const inspect = (await call(sandbox, `/__sandbox/jobs/${job.jobId}`)).json.data;
		return { job, ...inspect };
	};

	test('parameters overwrite variables of the same name and add new names; parameters are kept as sent', async () => {
		const result = await run(SEED_IDS.slackNotifier, {
			CHANNEL: '#ops',
			MESSAGE: 'hello',
			COUNT: 3,
		});
		expect(result.job.status).toBe('success');
		expect(result.variables).toEqual({
			SLACK_TOKEN: 'xoxb-sandbox-slack-token',
			CHANNEL: '#ops',
			MESSAGE: 'hello',
			COUNT: 3,
		});
		expect(result.parameters).toEqual({ CHANNEL: '#ops', MESSAGE: 'hello', COUNT: 3 });
	});

	test('without parameters the Variables step values are used and parameters are empty', async () => {
		const result = await run(SEED_IDS.slackNotifier);
		expect(result.variables).toEqual({
			SLACK_TOKEN: 'xoxb-sandbox-slack-token',
			CHANNEL: '#data-alerts',
		});
		expect(result.parameters).toEqual({});
	});

	test('a script reading a name that is neither a variable nor a parameter fails', async () => {
		const missing = await run(SEED_IDS.fxRatesLoader);
		expect(missing.job.status).toBe('failed');
		expect(missing.reason).toContain('RUN_DATE');
		const given = await run(SEED_IDS.fxRatesLoader, { RUN_DATE: '2026-11-21' });
		expect(given.job.status).toBe('success');
		expect(given.variables).toMatchObject({ BASE_CURRENCY: 'EUR', RUN_DATE: '2026-11-21' });
	});
});

describe('control endpoints', () => {
	const start = async () =>
		(
			await api(sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			})
		).json.data.jobId;

	test('force a status, hold a job so it never ends, then let it go', async () => {
		// Steps of a second: the hold comes before the first step even on a busy machine (with the
		// suite's 60 ms steps the job could be running before the hold arrived).
		const stepped = await startSandbox({ jobStepMs: 1000 });
		try {
			const held = (
				await api(stepped, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
					method: 'POST',
					body: { jobSource: 'API' },
				})
			).json.data.jobId;
			await call(stepped, `/__sandbox/jobs/${held}`, { method: 'POST', body: { hold: true } });
			await sleep(1250);
			expect((await api(stepped, `/jobs/${held}`)).json.data.status).toBe('pending');
			await call(stepped, `/__sandbox/jobs/${held}`, { method: 'POST', body: { hold: false } });
			expect((await waitForJob(stepped, held)).status).toBe('success');
		} finally {
			await stepped.close();
		}

		const forced = await start();
		const res = await call(sandbox, `/__sandbox/jobs/${forced}`, {
			method: 'POST',
			body: { status: 'failed' },
		});
		expect(res.json.data.job.status).toBe('failed');
		expect((await api(sandbox, `/jobs/${forced}`)).json.data).toMatchObject({
			status: 'failed',
			finishedAt: expect.stringMatching(ISO),
		});
		expect(
			(
				await call(sandbox, `/__sandbox/jobs/${forced}`, {
					method: 'POST',
					body: { status: 'done' },
				})
			).status,
		).toBe(400);
	});

	test('GET /__sandbox/jobs lists every run with its parameters, oldest first', async () => {
		const a = await start();
		const b = (
			await api(sandbox, `/assets/${SEED_IDS.slackNotifier}/execute`, {
				method: 'POST',
				body: { jobSource: 'API', parameters: { MESSAGE: 'hi' } },
			})
		).json.data.jobId;
		const jobs = (await call(sandbox, '/__sandbox/jobs')).json.data.jobs;
		expect(jobs.map((j: any) => [j.job.jobId, j.parameters])).toEqual([
			[a, {}],
			[b, { MESSAGE: 'hi' }],
		]);
	});

	test('control endpoints need the owner key', async () => {
		expect((await call(sandbox, '/__sandbox/requests', { key: VIEWER })).status).toBe(403);
		expect((await call(sandbox, '/__sandbox/requests', { key: null })).status).toBe(401);
	});

	test('the request log records method, path, query, status and time of public calls only', async () => {
		await api(sandbox, '/assets?limit=2&offset=1');
		await api(sandbox, `/assets/${UNKNOWN}`);
		const log = (await call(sandbox, '/__sandbox/requests')).json.data.requests;
		expect(log).toEqual([
			{
				method: 'GET',
				path: '/api/public/v1/assets',
				query: { limit: '2', offset: '1' },
				status: 200,
				fault: null,
				time: expect.stringMatching(ISO),
				durationMs: expect.any(Number),
			},
			{
				method: 'GET',
				path: `/api/public/v1/assets/${UNKNOWN}`,
				query: {},
				status: 404,
				fault: null,
				time: expect.stringMatching(ISO),
				durationMs: expect.any(Number),
			},
		]);
	});

	test('reset goes back to the seed: jobs, faults and the log are gone', async () => {
		const id = await start();
		await call(sandbox, '/__sandbox/faults', {
			method: 'POST',
			body: { match: '/api/public/v1/jobs', times: 5, fault: 'status', status: 503 },
		});
		await call(sandbox, '/__sandbox/reset', { method: 'POST' });
		expect((await api(sandbox, `/jobs/${id}`)).status).toBe(404);
		expect((await call(sandbox, '/__sandbox/faults')).json.data.faults).toEqual([]);
		expect((await call(sandbox, '/__sandbox/requests')).json.data.requests).toHaveLength(1);
	});
});

describe('changes over time (control endpoints for the trigger events)', () => {
	const versionsOf = async (assetId: string) =>
		(await api(sandbox, `/assets/${assetId}/model/versions`)).json.data.versions;

	test('a new version copies the newest and adds a tool; publishing moves the published flag', async () => {
		const before = await versionsOf(SEED_IDS.revenueForecast);
		const created = await newVersion(sandbox, SEED_IDS.revenueForecast, { comment: 'Fourth' });
		expect(created).toMatchObject({ versionNumber: 4, published: false, comment: 'Fourth' });
		const read = (
			await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${created.id}`)
		).json.data.version;
		const newest = before.find((v: any) => v.versionNumber === 3);
		const v3 = (
			await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${newest.id}`)
		).json.data.version;
		expect(read.nodes).toEqual([...v3.nodes, expect.objectContaining({ id: 'tool-4' })]);
		expect(read.edges).toEqual(v3.edges);
		await publishVersion(sandbox, SEED_IDS.revenueForecast, created.id);
		const after = await versionsOf(SEED_IDS.revenueForecast);
		expect(after.filter((v: any) => v.published).map((v: any) => v.id)).toEqual([created.id]);
		const published = await api(sandbox, `/assets/${SEED_IDS.revenueForecast}/model`);
		expect(published.json.data.version.id).toBe(created.id);
	});

	test('assets are created, changed (updatedAt moves) and removed; the listing follows', async () => {
		const created = await newAsset(sandbox, { name: 'Aardvark feed', folderId: F.marketing });
		expect(created).toMatchObject({ name: 'Aardvark feed', parentFolder: { id: F.marketing } });
		const first = (await api(sandbox, `/assets?folderId=${F.marketing}&limit=1`)).json.data[0];
		expect(first.id).toBe(created.id);
		await sleep(5);
		const changed = await changeAsset(sandbox, created.id, { description: 'now daily' });
		expect(changed.description).toBe('now daily');
		expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
		await removeAsset(sandbox, created.id);
		expect((await api(sandbox, `/assets/${created.id}`)).status).toBe(404);
	});

	test('errors: unknown model or version 404, the viewer key 403, a hidden asset 404 for it', async () => {
		expect(
			(await call(sandbox, `/__sandbox/models/${UNKNOWN}/versions`, { method: 'POST' })).status,
		).toBe(404);
		const publish = `/__sandbox/models/${SEED_IDS.revenueForecast}/versions/${UNKNOWN}/publish`;
		expect((await call(sandbox, publish, { method: 'POST' })).status).toBe(404);
		const path = `/__sandbox/assets/${SEED_IDS.stripePayments}`;
		expect((await call(sandbox, path, { method: 'PATCH', key: VIEWER })).status).toBe(403);
		expect((await call(sandbox, '/__sandbox/assets/not-a-uuid', { method: 'DELETE' })).status).toBe(
			400,
		);
	});

	test('--churn: a new version of Revenue Forecast (every other one published) and a changed Stripe Payments, over time', async () => {
		const churning = await startSandbox({ jobStepMs: 60, churnMs: 40 });
		try {
			// Two steps (80 ms) or more; a busy machine may run them late, so it is asked until then.
			const listVersions = async () =>
				(await api(churning, `/assets/${SEED_IDS.revenueForecast}/model/versions`)).json.data
					.versions;
			let versions = await listVersions();
			for (const until = Date.now() + 10_000; versions.length < 5 && Date.now() < until; )
				versions = await sleep(20).then(listVersions);
			expect(versions.length).toBeGreaterThanOrEqual(5);
			const newest = Math.max(...versions.map((v: any) => v.versionNumber));
			const published = versions.find((v: any) => v.published).versionNumber;
			expect(newest - published).toBeLessThanOrEqual(1);
			const stripe = (await api(churning, `/assets/${SEED_IDS.stripePayments}`)).json.data;
			expect(stripe.description).toMatch(/^Churn \d+$/);
		} finally {
			await churning.close();
		}
	});
});

describe('fault injection', () => {
	const inject = (fault: object) =>
		call(sandbox, '/__sandbox/faults', { method: 'POST', body: fault });
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
		const first = await api(sandbox, path);
		expectError(first, 429, 'rate_limited');
		expect(first.headers.get('retry-after')).toBe('3');
		expect((await api(sandbox, `/jobs/${UNKNOWN}`)).status).toBe(404);
		expect((await api(sandbox, path)).status).toBe(429);
		expect((await api(sandbox, path)).status).toBe(200);
		const log = (await call(sandbox, '/__sandbox/requests')).json.data.requests;
		expect(log.map((r: any) => [r.status, r.fault])).toEqual([
			[429, 'status'],
			[404, null],
			[429, 'status'],
			[200, null],
		]);
	});

	test('500 on the list has an error body', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'status', status: 500 });
		expectError(await api(sandbox, '/assets'), 500, 'internal_error');
	});

	test('reset destroys the connection', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'reset' });
		await expect(api(sandbox, path)).rejects.toThrow();
		expect((await api(sandbox, path)).status).toBe(200);
	});

	test('hang never answers', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'hang' });
		await expect(
			fetch(`${sandbox.url}/api/public/v1${path}`, {
				headers: { authorization: `Bearer ${OWNER}` },
				signal: AbortSignal.timeout(300),
			}),
		).rejects.toThrow();
	});

	test('slow-body delivers the real body slowly', async () => {
		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'slow-body', delayMs: 300 });
		const started = Date.now();
		const res = await api(sandbox, path);
		expect(Date.now() - started).toBeGreaterThanOrEqual(250);
		expect(res.json.data.id).toBe(SEED_IDS.revenueForecast);
	});

	test('html, malformed-json, empty-body and wrong-shape', async () => {
		await inject([
			{ match: '/api/public/v1/assets', times: 1, fault: 'html' },
			{ match: '/api/public/v1/jobs', times: 1, fault: 'malformed-json' },
		]);
		const html = await api(sandbox, path);
		expect(html.status).toBe(502);
		expect(html.headers.get('content-type')).toMatch(/text\/html/);
		expect(html.text).toContain('<html>');
		const malformed = await api(sandbox, `/jobs/${UNKNOWN}`);
		expect(malformed.status).toBe(404);
		expect(() => JSON.parse(malformed.text)).toThrow();

		await inject({ match: '/api/public/v1/assets', times: 1, fault: 'empty-body' });
		const empty = await api(sandbox, path);
		expect([empty.status, empty.text]).toEqual([200, '']);

		await inject({ match: '/api/public/v1/assets', times: 2, fault: 'wrong-shape' });
		const one = await api(sandbox, path);
		expect(one.status).toBe(200);
		expect(one.json.data).toEqual([{ unexpected: true }]);
		const list = await api(sandbox, '/assets?limit=2');
		expect(Array.isArray(list.json.data)).toBe(false);
	});

	test('reset and hang on execute happen after the job was queued (the answer is lost, the job exists)', async () => {
		await inject({
			match: `/api/public/v1/assets/${SEED_IDS.salesforceOpportunities}/execute`,
			times: 1,
			fault: 'reset',
		});
		await expect(
			api(sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
		).rejects.toThrow();
		expect(sandbox.workspace['jobs'].size).toBe(1);
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
				await api(sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
					method: 'POST',
					body: { jobSource: 'API' },
				})
			).status,
		).toBe(503);
		expect(sandbox.workspace['jobs'].size).toBe(0);
	});

	test('echoRequest puts the request headers into the error message, as careless servers do', async () => {
		await inject({
			match: '/api/public/v1/assets',
			times: 1,
			fault: 'status',
			status: 500,
			echoRequest: true,
		});
		expect((await api(sandbox, path)).json.error.message).toContain(OWNER);
	});

	test('invalid faults are rejected; DELETE clears them', async () => {
		expect((await inject({ match: 'assets', times: 1, fault: 'status', status: 500 })).status).toBe(
			400,
		);
		expect((await inject({ match: '/api', times: 1, fault: 'explode' })).status).toBe(400);
		expect((await inject({ match: '/api', times: 0, fault: 'reset' })).status).toBe(400);
		expect((await inject({ match: '/api', times: 1, fault: 'status' })).status).toBe(400);
		await inject({ match: '/api', times: 9, fault: 'reset' });
		await call(sandbox, '/__sandbox/faults', { method: 'DELETE' });
		expect((await api(sandbox, path)).status).toBe(200);
	});
});

describe('latency and unknown routes', () => {
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

	test('unknown paths are 404 with an error body', async () => {
		expectError(await api(sandbox, '/nothing'), 404, 'not_found');
		expectError(await call(sandbox, '/api/public/v2/assets'), 404, 'not_found');
	});
});
