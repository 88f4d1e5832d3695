/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Model Version > Compare (actions/modelVersion/compare.operation.ts) in n8n's engine against
 * the sandbox: the published version against the newest by default, chosen versions, a model
 * with nothing published, and a version whose tools changed.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SEED_IDS, versionOf } from '../../../sandbox/seed';
import { api, newVersion } from '../../harness/http';
import { runNode } from '../../harness/engine';
import { UNKNOWN, json, requestsOf, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const compare = (assetId: string, extra: INodeParameters = {}) =>
	runNode({
		credentials: env.credentials,
		parameters: {
			resource: 'modelVersion',
			operation: 'compare',
			assetId: rl(assetId),
			// From Version and To Version are options.
			options: extra,
		},
	});

test('by default the published version (2) against the newest (3): one tool and one connection added', async () => {
	const [item] = json(await compare(SEED_IDS.revenueForecast));
	expect(item).toMatchObject({
		assetId: SEED_IDS.revenueForecast,
		compared: true,
		from: { versionNumber: 2, published: true },
		to: { versionNumber: 3, published: false, comment: 'Draft: sort by weighted amount' },
		summary:
			'0 tools changed, 1 added, 0 removed; 1 connection added, 0 removed; metadata: 1 field changed',
	});
	expect(item.nodes.added).toEqual([expect.objectContaining({ id: 'n8', type: 'Sort' })]);
	expect(item.nodes.removed).toEqual([]);
	expect(item.edges).toEqual({ added: [expect.objectContaining({ id: 'n6->n8' })], removed: [] });
	expect(item.metadata).toEqual([{ path: 'rowCountEstimate', from: 1864, to: 1876 }]);
	expect(requestsOf(env.sandbox)).toEqual([
		`GET /assets/${SEED_IDS.revenueForecast}/model/versions`,
		`GET /assets/${SEED_IDS.revenueForecast}/model/versions/${versionOf('revenue-forecast', 2)}`,
		`GET /assets/${SEED_IDS.revenueForecast}/model/versions/${versionOf('revenue-forecast', 3)}`,
	]);
});

test('chosen versions, either way round; the same version twice is no change', async () => {
	const [back] = json(
		await compare(SEED_IDS.revenueForecast, {
			fromVersionId: rl(versionOf('revenue-forecast', 3)),
			toVersionId: rl(versionOf('revenue-forecast', 1)),
		}),
	);
	expect(back.summary).toBe(
		'0 tools changed, 0 added, 1 removed; 0 connections added, 1 removed; metadata: 1 field changed',
	);
	const same = versionOf('revenue-forecast', 2);
	const [none] = json(
		await compare(SEED_IDS.revenueForecast, {
			fromVersionId: rl(same),
			toVersionId: rl(same),
		}),
	);
	expect(none.summary).toBe(
		'0 tools changed, 0 added, 0 removed; 0 connections added, 0 removed; metadata unchanged',
	);
});

test('a changed tool gives the paths of its fields that differ, old and new; a moved tool is no change', async () => {
	const path = `/assets/${SEED_IDS.revenueForecast}/model/versions/${versionOf('revenue-forecast', 3)}`;
	const v3 = (await api(env.sandbox, path)).json.data.version;
	const nodes = v3.nodes.map((node: any) =>
		node.id === 'n3'
			? { ...node, config: { expression: "stage = 'Won'" } }
			: node.id === 'n4'
				? { ...node, position: { x: 0, y: 0 } }
				: node,
	);
	await newVersion(env.sandbox, SEED_IDS.revenueForecast, { nodes, edges: v3.edges });
	const [item] = json(
		await compare(SEED_IDS.revenueForecast, {
			fromVersionId: rl(versionOf('revenue-forecast', 3)),
		}),
	);
	expect(item.to.versionNumber).toBe(4);
	expect(item.nodes.changed).toEqual([
		{
			id: 'n3',
			type: 'Filter',
			fields: [{ path: 'config.expression', from: "stage <> 'Closed Lost'", to: "stage = 'Won'" }],
		},
	]);
	expect(item.summary).toMatch(/^1 tool changed, 0 added, 0 removed;/);
});

test('nothing published: a clear result, not an error; a chosen From Version compares', async () => {
	const [item] = json(await compare(SEED_IDS.customerChurn));
	expect(item).toEqual({
		assetId: SEED_IDS.customerChurn,
		compared: false,
		message: 'No version of this model is published yet: choose the From Version to compare.',
		to: expect.objectContaining({ versionNumber: 2 }),
	});
	const [chosen] = json(
		await compare(SEED_IDS.customerChurn, {
			fromVersionId: rl(versionOf('customer-churn', 1)),
		}),
	);
	expect(chosen).toMatchObject({
		compared: true,
		from: { versionNumber: 1 },
		to: { versionNumber: 2 },
	});
});

test('an unknown version is a 404 that names it; other items go on with Continue On Fail', async () => {
	const result = await runNode({
		credentials: env.credentials,
		onError: 'continueRegularOutput',
		items: [{ v: UNKNOWN }, { v: versionOf('revenue-forecast', 1) }],
		parameters: {
			resource: 'modelVersion',
			operation: 'compare',
			assetId: rl(SEED_IDS.revenueForecast),
			options: { fromVersionId: rl('={{ $json.v }}') },
		},
	});
	const [failed, done] = json(result);
	expect(failed.error).toContain('404');
	expect(done).toMatchObject({ compared: true, from: { versionNumber: 1 } });
});

test('invalid ids (from an expression) are refused before any request, naming the field', async () => {
	const result = await compare(SEED_IDS.revenueForecast, { toVersionId: rl('={{ "v3" }}') });
	expect(result.error?.message).toContain("To Version must be a UUID, got 'v3'");
	expect(requestsOf(env.sandbox)).toEqual([]);
});
