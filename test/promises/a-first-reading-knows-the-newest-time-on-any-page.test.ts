/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A first reading begins, for the Asset event, at the newest time the service wrote on any page
 * it read (the service's clock may be ahead of n8n's), not only on its last: an asset written
 * 30 s ahead of n8n's clock is part of what the first reading learnt, and never fires
 * by itself later, on the first of two pages or the middle of three; an asset created and then
 * changed after the reading fires each time once, after an empty scope's reading too.
 * A fake service of assets sorted by name, its pages of 100.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { OWNER } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const serve = useFakeServers();
const BEFORE = '2026-11-26T02:00:00Z';

const asset = (i: number, updatedAt: string, createdAt = BEFORE) => ({
	id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
	name: `asset ${String(i).padStart(6, '0')}`,
	description: null,
	type: 'Source',
	createdAt,
	updatedAt,
	owner: { id: null, displayName: null, email: null },
	parentFolder: null,
	schedules: [],
});

const CASES = N8N_MODES.flatMap((mode) => [
	// [mode, assets, the one written ahead (-1: none)]
	[mode, 150, 0] as const,
	[mode, 250, 120] as const,
	[mode, 0, -1] as const,
]);

test.each(CASES)(
	'%s: of %i assets, the one written ahead (at %i) never fires by itself; later changes do',
	async (mode, count, ahead) => {
		const later = new Date(Date.now() + 30_000).toISOString();
		const assets = Array.from({ length: count }, (_, i) => asset(i, i === ahead ? later : BEFORE));
		const { url } = await serve((req: IncomingMessage, res: ServerResponse) => {
			const query = new URL(req.url ?? '', 'http://service').searchParams;
			const offset = Number(query.get('offset') ?? 0);
			const limit = Number(query.get('limit') ?? 50);
			const data = assets.slice(offset, offset + limit);
			const hasMore = offset + limit < assets.length;
			sendJson(res, 200, { data, meta: { limit, offset, hasMore } });
		});
		const t = new TriggerHarness({ baseUrl: url, apiKey: OWNER }, { event: 'asset' }, { mode });
		const polls = [await t.firstPoll(), await t.poll(), await t.poll()];
		expect(polls.map(({ items, error }) => [items, error])).toEqual(
			polls.map(() => [null, undefined]),
		);
		// After the reading: an asset created, then changed, fires each once.
		const fired = async () => ((await t.poll()).items ?? []).map((item) => item.event);
		const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
		assets.push(asset(count, inMinutes(1), inMinutes(1)));
		expect(await fired()).toEqual(['created']);
		assets[count] = asset(count, inMinutes(2), inMinutes(1));
		expect(await fired()).toEqual(['updated']);
		expect(await fired()).toEqual([]);
	},
);
