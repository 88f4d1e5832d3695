/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's contract for GET /assets, over real HTTP: the envelope and its defaults, the
 * realistic seed, name order, limit and offset (checked and paged, hasMore exactly when a page is
 * full), the folder filter, internal-only assets never listed, the viewer key's narrower view,
 * and --assets N. About 1 s.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { startSandbox } from '../../../sandbox/server';
import { OWNER, VIEWER, allAssets, api } from '../../harness/http';
import { expectAssetShape, expectError } from '../../harness/contract';
import { UNKNOWN, useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });
const F = SEED_IDS.folders;

describe('GET /assets', () => {
	test('defaults: limit 50, offset 0, envelope {data, meta}', async () => {
		const res = await api(env.sandbox, '/assets');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(Object.keys(res.json).sort()).toEqual(['data', 'meta']);
		expect(res.json.meta).toEqual({ limit: 50, offset: 0, hasMore: false });
		expect(res.json.data.length).toBeGreaterThanOrEqual(20);
		res.json.data.forEach(expectAssetShape);
	});

	test('the seed is realistic: every kind, root assets, one model without a published version', async () => {
		const assets = await allAssets(env.sandbox);
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
		const names = (await allAssets(env.sandbox)).map((a) => a.name.toLowerCase());
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
		const res = await api(env.sandbox, `/assets?${name}=${encodeURIComponent(value)}`);
		expectError(res, 400, 'invalid_parameter');
		expect(res.json.error.message).toContain(name);
	});

	test('limit bounds 1 and 100 are accepted', async () => {
		expect((await api(env.sandbox, '/assets?limit=1')).json.meta).toEqual({
			limit: 1,
			offset: 0,
			hasMore: true,
		});
		expect((await api(env.sandbox, '/assets?limit=100')).json.meta.limit).toBe(100);
	});

	test('paging with offset walks the sorted list; hasMore is true exactly when a page is full', async () => {
		const all = await allAssets(env.sandbox);
		const seen: string[] = [];
		for (let offset = 0; ; offset += 7) {
			const res = await api(env.sandbox, `/assets?limit=7&offset=${offset}`);
			expect(res.json.meta).toEqual({ limit: 7, offset, hasMore: res.json.data.length === 7 });
			seen.push(...res.json.data.map((a: any) => a.id));
			if (!res.json.meta.hasMore) break;
		}
		expect(seen).toEqual(all.map((a) => a.id));
		const past = await api(env.sandbox, `/assets?offset=${all.length + 10}`);
		expect(past.json).toEqual({
			data: [],
			meta: { limit: 50, offset: all.length + 10, hasMore: false },
		});
	});

	test('a page that ends exactly at the last item still says hasMore (a full page was returned)', async () => {
		const total = (await allAssets(env.sandbox)).length;
		const res = await api(env.sandbox, `/assets?limit=5&offset=${total - 5}`);
		expect(res.json.meta.hasMore).toBe(true);
		expect((await api(env.sandbox, `/assets?limit=5&offset=${total}`)).json.data).toEqual([]);
	});

	test('folderId returns the assets directly in that folder', async () => {
		const res = await api(env.sandbox, `/assets?folderId=${F.finance}`);
		expect(res.status).toBe(200);
		expect(res.json.data.length).toBeGreaterThan(2);
		for (const asset of res.json.data)
			expect(asset.parentFolder).toEqual({ id: F.finance, name: 'Finance' });
		// The archive subfolder is listed, but not what is inside it.
		expect(res.json.data.map((a: any) => a.name)).toContain('Finance Archive');
		expect(res.json.data.map((a: any) => a.name)).not.toContain('Legacy Ledger 2019');
	});

	test('folderId that is not a UUID is a 400; an unknown folder lists nothing', async () => {
		expectError(await api(env.sandbox, '/assets?folderId=finance'), 400, 'invalid_parameter');
		expect((await api(env.sandbox, `/assets?folderId=${UNKNOWN}`)).json.data).toEqual([]);
	});

	test('internal-only assets never appear', async () => {
		const ids = (await allAssets(env.sandbox)).map((a) => a.id);
		expect(ids).not.toContain(SEED_IDS.internalAudit);
		expect(ids).not.toContain(SEED_IDS.internalCache);
		const inFinance = (
			await api(env.sandbox, `/assets?folderId=${F.finance}&limit=100`)
		).json.data.map((a: any) => a.id);
		expect(inFinance).not.toContain(SEED_IDS.internalAudit);
	});

	test('the viewer key sees part of the workspace only', async () => {
		const owner = await allAssets(env.sandbox, OWNER);
		const viewer = await allAssets(env.sandbox, VIEWER);
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
		expect(
			(await api(env.sandbox, `/assets?folderId=${F.people}`, { key: VIEWER })).json.data,
		).toEqual([]);
	});

	test('--assets N adds N generated assets spread over the folders', async () => {
		const big = await startSandbox({ assets: 250 });
		try {
			const owner = await allAssets(big);
			const seeded = (await allAssets(env.sandbox)).length;
			expect(owner.length).toBe(seeded + 250);
			const generated = owner.filter((a) => a.name.startsWith('Generated '));
			expect(new Set(generated.map((a) => a.parentFolder?.id ?? 'root')).size).toBeGreaterThan(3);
		} finally {
			await big.close();
		}
	});
});
