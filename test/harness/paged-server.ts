/**
 * A server in a callback for the paging tests (no HTTP): `n` generated items, served in pages of
 * its own size, with hidden (internal-only) entries that count for offsets but are left out of
 * pages; the reader run over it the way Return All and the Asset event run it; and the transport's
 * listing (Limit, the pickers) over it.
 */
import type { INode } from 'n8n-workflow';

import type { FetchPage } from '../../nodes/shared/transport/paging/pages';
import { readListing } from '../../nodes/shared/transport/paging/reader';
import type { AssetWorkspaceTransport } from '../../nodes/shared/transport';

export type Item = { id: string; name: string };
export const items = (n: number): Item[] =>
	Array.from({ length: n }, (_, i) => ({
		id: `id-${i}`,
		name: `asset ${String(i).padStart(5, '0')}`,
	}));

/**
 * A server over `all` (sorted), with a page size of its own (`pageSize`, whatever is asked), and
 * `hidden` entries (internal-only) that count for offsets but are left out of pages.
 */
export function server(
	all: Item[],
	options: { pageSize?: number; hidden?: (i: number) => boolean } = {},
) {
	const asked: Array<{ offset: number; limit: number }> = [];
	const fetchPage: FetchPage<Item> = async (offset, limit) => {
		asked.push({ offset, limit });
		const size = Math.min(limit, options.pageSize ?? 100);
		const slice = all.slice(offset, offset + size);
		const data = slice.filter((_, i) => !options.hidden?.(offset + i));
		return { data, meta: { limit: size, offset, hasMore: slice.length === size } };
	};
	return { fetchPage, asked };
}

export type ReadOptions = Parameters<typeof readListing>[1];

/** Every page the reader reads over `fetchPage`, as Return All reads them (three in flight). */
export async function readPages(fetchPage: FetchPage<Item>, options: Partial<ReadOptions> = {}) {
	const reads = [];
	const reading = readListing(fetchPage, { restart: true, width: 3, maxPages: 10_000, ...options });
	for await (const read of reading) reads.push(read);
	return reads;
}

/** Return All over `fetchPage`: every asset handed on, in order. */
export async function readAll(fetchPage: FetchPage<Item>, options: Partial<ReadOptions> = {}) {
	return (await readPages(fetchPage, options)).flatMap((read) => read.fresh);
}

const NODE: INode = {
	id: 'paging',
	name: 'Asset Workspace',
	type: 'n8n-nodes-asset-workspace.assetWorkspace',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * The transport's listing over `fetchPage`, for Limit's and the pickers' search (the transport's
 * requests are not what these tests are about: its own tests run it over HTTP).
 */
export function listingOver(fetchPage: FetchPage<Item>, maxPages = 10_000) {
	type Asked = { qs: { offset: number; limit: number }; signal?: AbortSignal };
	const request = async ({ qs, signal }: Asked) => await fetchPage(qs.offset, qs.limit, signal);
	return {
		node: NODE,
		settings: { pagesInFlight: 3, maxPages },
		request,
	} as unknown as AssetWorkspaceTransport;
}
