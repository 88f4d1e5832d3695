/**
 * A server in a callback for the paging plans' unit tests (no HTTP): `n` generated items, served
 * in pages of its own size, with hidden (internal-only) entries that count for offsets but are
 * left out of pages.
 */
import type { FetchPage } from '../../nodes/shared/transport/paging/pages';

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
