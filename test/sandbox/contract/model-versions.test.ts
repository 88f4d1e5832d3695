/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's contract for a model's versions, over real HTTP: GET .../model/versions
 * (summaries, newest first), GET .../model/versions/{versionId} (nodes, edges, metadata) and GET
 * .../model (the published version, or null); 404 for unknown or hidden models and versions, 400
 * for an asset that is no model.
 */
import { SEED_IDS, versionOf } from '../../../sandbox/seed';
import { VIEWER, api } from '../../harness/http';
import { ISO, SUMMARY_KEYS, UUID, expectError } from '../../harness/contract';
import { UNKNOWN, useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('model versions', () => {
	test('list: summaries without the graph, newest versionNumber first', async () => {
		const res = await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions`);
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
		const list = (await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions`)).json
			.data.versions;
		const res = await api(
			env.sandbox,
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
		const res = await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model`);
		expect(res.status).toBe(200);
		expect(res.json.data.version).toMatchObject({ versionNumber: 2, published: true });
		const same = await api(
			env.sandbox,
			`/assets/${SEED_IDS.revenueForecast}/model/versions/${res.json.data.version.id}`,
		);
		expect(same.json).toEqual(res.json);
	});

	test('published when nothing is published: {data: {version: null}}', async () => {
		const res = await api(env.sandbox, `/assets/${SEED_IDS.customerChurn}/model`);
		expect(res.status).toBe(200);
		expect(res.json).toEqual({ data: { version: null } });
	});

	test('versions of an unknown model, an unknown version, a version of another model, a non-model', async () => {
		expectError(await api(env.sandbox, `/assets/${UNKNOWN}/model/versions`), 404, 'not_found');
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${UNKNOWN}`),
			404,
			'not_found',
		);
		const other = versionOf('customer-churn', 1);
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${other}`),
			404,
			'not_found',
		);
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.postgresOrders}/model/versions`),
			400,
			'not_a_model',
		);
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.headcountPlan}/model`, { key: VIEWER }),
			404,
			'not_found',
		);
	});
});
