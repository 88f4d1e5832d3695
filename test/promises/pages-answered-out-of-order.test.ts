/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Regression (issue 35, defect 1): pages read side by side lost assets that were there all along
 * when the page that ends the listing answered before the last full page and, in between, assets
 * were created with names that sort first (the last full page then answered shifted). Return All
 * returned 290 of 300; Fire for What Exists never fired 10 of 350. A fake service over real HTTP
 * holds the last full page until the end has been served, then creates ten assets that sort
 * first: Return All gives all 300 once, the Asset event (in each of n8n's modes) fires all 350
 * once. No waits: the order is forced by what the server has served. About 1 s.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { OWNER } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { runNode } from '../harness/engine';
import { json } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const serve = useFakeServers();
const T = '2026-11-20T10:00:00.000Z';

const asset = (i: number, name: string) => ({
	id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
	name,
	description: null,
	type: 'Source',
	createdAt: T,
	updatedAt: T,
	owner: { id: null, displayName: null, email: null },
	parentFolder: null,
	schedules: [],
});

/**
 * A listing of `total` assets in name order whose last full page is held until the page that ends
 * the listing has been answered; then ten assets named to sort first are created, and the held
 * page is answered from the listing as it is then.
 */
async function reorderingService(total: number) {
	const assets = Array.from({ length: total }, (_, i) =>
		asset(i, `asset ${String(i).padStart(4, '0')}`),
	);
	let held: Array<() => void> = [];
	let created = false;
	const page = (req: IncomingMessage) => {
		const query = new URL(req.url!, 'http://x').searchParams;
		return { offset: Number(query.get('offset') ?? 0), limit: Number(query.get('limit') ?? 50) };
	};
	const answer = (res: ServerResponse, offset: number, limit: number) => {
		const data = assets.slice(offset, offset + limit);
		sendJson(res, 200, { data, meta: { limit, offset, hasMore: data.length === limit } });
	};
	const server = await serve((req, res) => {
		const { offset, limit } = page(req);
		const lastFull = offset + limit <= total && offset + 2 * limit > total;
		if (lastFull && !created) return void held.push(() => answer(res, offset, limit));
		answer(res, offset, limit);
		if (offset + limit > assets.length && !created) {
			created = true;
			for (let n = 0; n < 10; n++) assets.unshift(asset(10_000 + n, `!new ${n}`));
			held.forEach((release) => release());
			held = [];
		}
	});
	return { server, original: assets.filter((a) => !a.name.startsWith('!new')) };
}

test('Return All: the page that ends the listing answers before the last full page while ten assets are created before the reading: all 300, once', async () => {
	const { server, original } = await reorderingService(300);
	const result = await runNode({
		credentials: { baseUrl: server.url, apiKey: OWNER },
		parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
	});
	expect(result.error).toBeUndefined();
	const ids = json(result).map((a) => a.id);
	expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
	expect(original.filter((a) => !ids.includes(a.id)).map((a) => a.name)).toEqual([]);
});

test.each(N8N_MODES)(
	'%s: Fire for What Exists fires each of 350 existing assets once when the last full page answers after the end while ten are created first',
	async (mode) => {
		const { server, original } = await reorderingService(350);
		const t = new TriggerHarness(
			{ baseUrl: server.url, apiKey: OWNER },
			{ event: 'asset', options: { emitExisting: true } },
			{ mode },
		);
		const fired = [(await t.activate()).items ?? [], (await t.poll()).items ?? []].flat();
		const created = fired.filter((i) => i.event === 'created').map((i) => String(i.id));
		expect(created.filter((id, i) => created.indexOf(id) !== i)).toEqual([]);
		expect(original.filter((a) => !created.includes(a.id)).map((a) => a.name)).toEqual([]);
	},
);
