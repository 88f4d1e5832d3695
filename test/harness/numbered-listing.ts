/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A listing of numbered assets served by a fake server (fake-server.ts): `asset 000042` and so on,
 * sorted by name as the numbers go, in the pages the node asks for. The test keeps the array and
 * may change it between requests; each answer is read from it as it is then.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { sendJson, type useFakeServers } from './fake-server';

/** When the numbered assets were written, unless a test says otherwise. */
export const BEFORE = '2026-11-26T02:00:00Z';

/** Asset number `i`, its id made of its number, its times `BEFORE` unless given. */
export const numberedAsset = (
	i: number,
	times: { updatedAt?: string; createdAt?: string } = {},
) => ({
	id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
	name: `asset ${String(i).padStart(6, '0')}`,
	description: null,
	type: 'Source',
	createdAt: times.createdAt ?? BEFORE,
	updatedAt: times.updatedAt ?? BEFORE,
	owner: { id: null, displayName: null, email: null },
	parentFolder: null,
	schedules: [],
});

/** Serves `assets` (as they are at each request) page by page, on a server `serve` made. */
export async function serveListing(serve: ReturnType<typeof useFakeServers>, assets: object[]) {
	const { url } = await serve((req: IncomingMessage, res: ServerResponse) => {
		const query = new URL(req.url ?? '', 'http://service').searchParams;
		const offset = Number(query.get('offset') ?? 0);
		const limit = Number(query.get('limit') ?? 50);
		const data = assets.slice(offset, offset + limit);
		sendJson(res, 200, { data, meta: { limit, offset, hasMore: offset + limit < assets.length } });
	});
	return url;
}
