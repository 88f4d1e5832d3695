/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A first reading begins, for the Asset event, at the newest time the service wrote on any page
 * it read (the service's clock may be ahead of n8n's), not only on its last: an asset written
 * 30 s ahead of n8n's clock is part of what the first reading learnt, and never fires
 * by itself later: on the first of two pages, the middle of three, or before an empty last page.
 * A fake service of assets sorted by name, its pages of 100.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { OWNER } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const serve = useFakeServers();
const BEFORE = '2026-11-26T02:00:00Z';

const asset = (i: number, updatedAt: string) => ({
	id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
	name: `asset ${String(i).padStart(6, '0')}`,
	description: null,
	type: 'Source',
	createdAt: BEFORE,
	updatedAt,
	owner: { id: null, displayName: null, email: null },
	parentFolder: null,
	schedules: [],
});

const CASES = N8N_MODES.flatMap((mode) => [
	// [mode, assets, the one written ahead, whether the service says hasMore on its last full page]
	[mode, 150, 0, false] as const,
	[mode, 250, 120, false] as const,
	[mode, 200, 0, true] as const,
]);

test.each(CASES)(
	'%s: of %i assets, one written ahead (at %i; then an empty last page: %s) never fires by itself',
	async (mode, count, ahead, emptyLastPage) => {
		const later = new Date(Date.now() + 30_000).toISOString();
		const assets = Array.from({ length: count }, (_, i) => asset(i, i === ahead ? later : BEFORE));
		const { url } = await serve((req: IncomingMessage, res: ServerResponse) => {
			const query = new URL(req.url ?? '', 'http://service').searchParams;
			const offset = Number(query.get('offset') ?? 0);
			const limit = Number(query.get('limit') ?? 50);
			const data = assets.slice(offset, offset + limit);
			const hasMore = emptyLastPage ? offset + limit <= count : offset + limit < count;
			sendJson(res, 200, { data, meta: { limit, offset, hasMore } });
		});
		const t = new TriggerHarness({ baseUrl: url, apiKey: OWNER }, { event: 'asset' }, { mode });
		const polls = [await t.firstPoll(), await t.poll(), await t.poll()];
		expect(polls.map(({ items, error }) => [items, error])).toEqual(
			polls.map(() => [null, undefined]),
		);
	},
);
