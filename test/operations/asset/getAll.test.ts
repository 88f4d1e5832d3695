/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Asset > Get Many (actions/asset/getAll.operation.ts) in n8n's engine against the sandbox: Limit
 * asks for what it needs, Return All reads every page once in name order, the folder filter, and
 * the filters the API lacks (type, name), applied while paging. That Return All never ends short
 * is promises/every-asset-or-an-error.test.ts.
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../../../nodes/shared/transport';
import { SEED_IDS } from '../../../sandbox/seed';
import { allAssets, call } from '../../harness/http';
import { runNode } from '../../harness/engine';
import { json, nodeRunner, requestsOf, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const getAll = (extra: object) =>
	run({ parameters: { resource: 'asset', operation: 'getAll', ...extra } });

describe('Asset: Get Many', () => {
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

	test('Return All over 1,021 assets reads every page once, in name order, within ceil(N/98)+w requests', async () => {
		const result = await runNode({
			credentials: big.credentials,
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		const items = json(result) as any[];
		expect(items).toHaveLength(1021);
		expect(new Set(items.map((a) => a.id)).size).toBe(1021);
		const names = items.map((a) => a.name.toLowerCase());
		expect(names).toEqual([...names].sort());
		// The 11 pages it needs (of 100 overlapping by two: offsets 0 to 980), each once, plus at most
		// the pages in flight past the end.
		const offsets = big.sandbox.requests.map((r) => Number(r.query.offset));
		expect(new Set(offsets).size).toBe(offsets.length);
		expect(offsets.filter((o) => o <= 980).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 11 }, (_, i) => i * 98),
		);
		expect(offsets.length).toBeLessThanOrEqual(
			Math.ceil(1021 / 98) + DEFAULT_TRANSPORT_SETTINGS.pagesInFlight,
		);
		expect(big.sandbox.requests.every((r) => r.query.limit === '100')).toBe(true);
	});

	test('Limit 120 asks for pages of 100, the second overlapping the first by two', async () => {
		const result = await runNode({
			credentials: big.credentials,
			parameters: { resource: 'asset', operation: 'getAll', returnAll: false, limit: 120 },
		});
		expect(json(result)).toHaveLength(120);
		expect(requestsOf(big.sandbox)).toEqual([
			'GET /assets?limit=100&offset=0',
			'GET /assets?limit=100&offset=98',
		]);
	});
});

describe('Get Many: filters the API lacks', () => {
	test('type (several, any case) with Return All', async () => {
		const all = await allAssets(env.sandbox);
		const result = json(await getAll({ returnAll: true, filters: { type: ['Model', 'python'] } }));
		expect(result).toEqual(all.filter((a) => ['model', 'python'].includes(a.type.toLowerCase())));
	});

	test('nameContains, case-insensitive', async () => {
		const result = json(await getAll({ returnAll: true, filters: { nameContains: 'FINANCE' } }));
		expect(result.map((a) => a.name)).toEqual([
			'Finance',
			'Finance Archive',
			'Nightly Finance Refresh',
		]);
	});

	test('Limit counts after filtering, combined with the folder filter', async () => {
		const result = json(
			await getAll({
				returnAll: false,
				limit: 2,
				filters: { type: ['Source'], folderId: rl(SEED_IDS.folders.finance) },
			}),
		);
		expect(result.map((a) => a.name)).toEqual(['Salesforce Opportunities']);
		const two = json(await getAll({ returnAll: false, limit: 2, filters: { type: ['Model'] } }));
		expect(two.map((a) => a.name)).toEqual(['Campaign Attribution', 'Customer Churn Risk']);
	});
});

describe('Get Many filters at scale', () => {
	const big = useSandbox({ assets: 400 });
	test('filters apply while paging: Return All reads every page once, Limit stops early', async () => {
		const all = json(
			await runNode({
				credentials: big.credentials,
				parameters: {
					resource: 'asset',
					operation: 'getAll',
					returnAll: true,
					filters: { type: ['Orchestration'] },
				},
			}),
		);
		expect(all.every((a) => a.type === 'Orchestration')).toBe(true);
		expect(all.length).toBe(103);
		// 421 assets: the 5 pages it needs (overlapping by two), each once, plus at most the pages in
		// flight past the end.
		const offsets = big.sandbox.requests.map((r) => Number(r.query.offset));
		expect(offsets.filter((o) => o <= 392).sort((a, b) => a - b)).toEqual([0, 98, 196, 294, 392]);
		expect(offsets.length).toBeLessThanOrEqual(
			Math.ceil(421 / 98) + DEFAULT_TRANSPORT_SETTINGS.pagesInFlight,
		);
		await call(big.sandbox, '/__sandbox/requests', { method: 'DELETE' });
		const some = json(
			await runNode({
				credentials: big.credentials,
				parameters: {
					resource: 'asset',
					operation: 'getAll',
					returnAll: false,
					limit: 10,
					filters: { type: ['Orchestration'] },
				},
			}),
		);
		expect(some).toEqual(all.slice(0, 10));
		// In name order the first page holds the generated models; the tenth orchestration is on page 2, where it stops.
		expect(requestsOf(big.sandbox)).toEqual([
			'GET /assets?limit=100&offset=0',
			'GET /assets?limit=100&offset=98',
		]);
	});
});
