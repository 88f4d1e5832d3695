/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A first reading begins, for the Asset event, at the newest time the service wrote on any page
 * it read (the service's clock may be ahead of n8n's), not only on its last: an asset on the first
 * page written 30 s ahead of n8n's clock, of 150 assets sorted by name, is part of what the first
 * reading learnt, and never fires by itself later. A fake service, its pages of 100.
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

test.each(N8N_MODES)(
	'%s: an asset written ahead on the first page never fires by itself',
	async (mode) => {
		const ahead = new Date(Date.now() + 30_000).toISOString();
		const assets = Array.from({ length: 150 }, (_, i) => asset(i, i === 0 ? ahead : BEFORE));
		const { url } = await serve((req: IncomingMessage, res: ServerResponse) => {
			const query = new URL(req.url ?? '', 'http://service').searchParams;
			const offset = Number(query.get('offset') ?? 0);
			const limit = Number(query.get('limit') ?? 50);
			const data = assets.slice(offset, offset + limit);
			sendJson(res, 200, {
				data,
				meta: { limit, offset, hasMore: offset + limit < assets.length },
			});
		});
		const t = new TriggerHarness({ baseUrl: url, apiKey: OWNER }, { event: 'asset' }, { mode });
		const polls = [await t.firstPoll(), await t.poll(), await t.poll()];
		expect(polls.map(({ items, error }) => [items, error])).toEqual(
			polls.map(() => [null, undefined]),
		);
	},
);
