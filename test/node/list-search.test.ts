/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The "From list" pickers (nodes/shared/listSearch.ts), through n8n-core's LoadOptionsContext,
 * against the sandbox: what each lists and how it is named, the search, paging with a token, and a
 * bounded number of pages read however large the workspace (30,000 assets). About 1 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { allAssets } from '../harness/http';
import { listSearch } from '../harness/engine';
import { requestsOf, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const big = useSandbox({ assets: 300 });

test('assets: every readable asset, named with type and folder', async () => {
	const { results, paginationToken } = await listSearch('searchAssets', {
		credentials: env.credentials,
	});
	expect(paginationToken).toBeUndefined();
	expect(results).toHaveLength((await allAssets(env.sandbox)).length);
	expect(results).toContainEqual({
		name: 'Revenue Forecast (Model in Finance)',
		value: SEED_IDS.revenueForecast,
	});
	expect(results).toContainEqual({
		name: 'Postgres Orders (Source)',
		value: SEED_IDS.postgresOrders,
	});
});

test('assets: the search filters by name, case-insensitively', async () => {
	const { results } = await listSearch('searchAssets', {
		credentials: env.credentials,
		filter: 'FINANCE',
	});
	expect(results.map((r) => r.name)).toEqual([
		'Finance (Folder)',
		'Finance Archive (Folder in Finance)',
		'Nightly Finance Refresh (Orchestration in Finance)',
	]);
});

test('models only, under Model Version', async () => {
	const { results } = await listSearch('searchModels', { credentials: env.credentials });
	expect(results.map((r) => r.name)).toEqual([
		'Campaign Attribution',
		'Customer Churn Risk',
		'Headcount Plan',
		'Inventory Projection',
		'Revenue Forecast',
	]);
});

test('folders for the folder filter', async () => {
	const { results } = await listSearch('searchFolders', { credentials: env.credentials });
	expect(results.map((r) => r.name)).toEqual([
		'Finance',
		'Finance Archive',
		'Marketing',
		'People (restricted)',
	]);
});

test('versions of the chosen model: newest first, the published one marked', async () => {
	const { results } = await listSearch('searchVersions', {
		credentials: env.credentials,
		parameters: {
			resource: 'modelVersion',
			operation: 'get',
			assetId: rl(SEED_IDS.revenueForecast, 'list'),
		},
	});
	expect(results.map((r) => r.name)).toEqual([
		'v3: Draft: sort by weighted amount',
		'v2 (published): Join orders, weight by probability',
		'v1: First cut: opportunities only',
	]);
	const none = await listSearch('searchVersions', {
		credentials: env.credentials,
		parameters: { resource: 'modelVersion', operation: 'get', assetId: rl('') },
	});
	expect(none.results).toEqual([]);
});

test('a large workspace is paged: whole pages until 50 results, then the token continues where it stopped', async () => {
	const first = await listSearch('searchAssets', {
		credentials: big.credentials,
		filter: 'generated',
	});
	expect(first.results.length).toBeGreaterThanOrEqual(50);
	expect(first.paginationToken).toBeDefined();
	const second = await listSearch('searchAssets', {
		credentials: big.credentials,
		filter: 'generated',
		paginationToken: first.paginationToken,
	});
	expect(second.results.length).toBeGreaterThanOrEqual(50);
	const names = [...first.results, ...second.results].map((r) => r.name);
	expect(new Set(names).size).toBe(names.length);
	expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
	expect(requestsOf(big.sandbox).length).toBeLessThanOrEqual(4);
});

describe('the pickers read a bounded number of pages', () => {
	const big = useSandbox({ assets: 30_000, jobStepMs: 1_000_000_000 });
	test('a search with no match reads 5 pages and hands back a token to go on', async () => {
		const first = await listSearch('searchAssets', {
			credentials: big.credentials,
			filter: 'no asset is called this',
		});
		expect(first.results).toEqual([]);
		expect(JSON.parse(first.paginationToken!).offset).toBe(392);
		expect(big.sandbox.requests).toHaveLength(5);
		const next = await listSearch('searchAssets', {
			credentials: big.credentials,
			filter: 'no asset is called this',
			paginationToken: first.paginationToken,
		});
		expect(JSON.parse(next.paginationToken!).offset).toBe(882);
		expect(big.sandbox.requests).toHaveLength(10);
	});

	test('the Folder picker finds the folders among the first 500 and says where to go on', async () => {
		const folders = await listSearch('searchFolders', { credentials: big.credentials });
		expect(big.sandbox.requests.length).toBeLessThanOrEqual(5);
		expect(folders.paginationToken).toBeDefined();
	});

	test('a search that is an asset id asks for that asset alone', async () => {
		const found = await listSearch('searchAssets', {
			credentials: big.credentials,
			filter: SEED_IDS.revenueForecast,
		});
		expect(found.results.map((r: any) => r.value)).toEqual([SEED_IDS.revenueForecast]);
		expect(requestsOf(big.sandbox)).toEqual([`GET /assets/${SEED_IDS.revenueForecast}`]);
	});
});
