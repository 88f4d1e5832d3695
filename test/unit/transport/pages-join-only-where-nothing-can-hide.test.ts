/**
 * Regressions (review of issue 47's fixes): two pages whose overlap assets left out of pages hide
 * are not taken as joined by reading both again, where equal names stand on both sides of the
 * seam (a service that orders equal names by the request's offset lost one of three, unseen);
 * Limit is not refused for a run of equal names it does not need to read past; a picker whose
 * place is gone starts over instead of handing back the same token; a short page after a full one
 * is taken only once the full page, asked again, is unchanged. Against fetchPage callbacks
 * that play a server (no HTTP); well under a second.
 */
import { searchAssets } from '../../../nodes/shared/transport/paging/assets';
import type { FetchPage } from '../../../nodes/shared/transport/paging/pages';
import { items, listingOver, readAll, server, type Item } from '../../harness/paged-server';

/**
 * 300 assets whose positions from `at` on hold `groupAt(offset)`, one group of equal names in the
 * order of the offset asked; ids starting with "h" are internal-only (they count for offsets, and
 * pages leave them out).
 */
function groupServer(at: number, groupAt: (offset: number) => Item[]) {
	const every = items(300);
	const asked: number[] = [];
	const fetchPage: FetchPage<Item> = async (offset, limit) => {
		asked.push(offset);
		const listing = [...every];
		const group = groupAt(offset);
		listing.splice(at, group.length, ...group);
		const slice = listing.slice(offset, offset + limit);
		const data = slice.filter((item) => !item.id.startsWith('h'));
		return { data, meta: { limit, offset, hasMore: offset + limit < listing.length } };
	};
	return { fetchPage, asked };
}

test('Return All: equal names around assets left out at a seam, ordered anew at each offset: all three read', async () => {
	// Positions 97 to 101 share the name "x": three assets and two internal-only ones (never shown).
	const group = ['x1', 'h1', 'h2', 'x2', 'x3'];
	const orderAt = (offset: number) =>
		offset === 0 ? group : offset === 98 ? ['x2', 'h1', 'h2', 'x1', 'x3'] : group;
	const { fetchPage } = groupServer(97, (offset) =>
		orderAt(offset).map((id) => ({ id, name: 'asset 00097 x' })),
	);
	const ids = (await readAll(fetchPage, { width: 1, maxPages: 100 })).map((item) => item.id);
	expect(['x1', 'x2', 'x3'].filter((id) => !ids.includes(id))).toEqual([]);
	expect(new Set(ids).size).toBe(ids.length);
});

test('Limit 2 over two assets of one name with more after them: both, and no error', async () => {
	const every = items(10).map((item, i) => (i < 2 ? { ...item, name: 'config' } : item));
	const { fetchPage } = server(every);
	const result = await searchAssets(listingOver(fetchPage), { max: 2, maxPages: 100 });
	expect(result.items.map((item) => item.id)).toEqual(['id-0', 'id-1']);
});

test('a picker whose place is gone (300 removed before it) starts over instead of the same token', async () => {
	const every = items(1000);
	const { fetchPage } = server(every);
	const search = { max: 10, keep: () => false, maxPages: 5, pagesRunOut: 'pause' as const };
	const api = listingOver(fetchPage);
	const first = await searchAssets(api, search);
	every.splice(0, 300);
	const second = await searchAssets(api, { ...search, ...first.next });
	expect(second.next).not.toEqual(first.next);
	expect(second.next).toEqual({});
});

test('Return All, pages side by side: a page ending in equal names, ordered anew at each offset, is read on from before them at once, each page asked once', async () => {
	// Positions 95 to 102 share one name; at offset 0 in one order, at every other offset reversed.
	const group = Array.from({ length: 8 }, (_, i) => ({ id: `g${i}`, name: 'asset 00095 x' }));
	const { fetchPage, asked } = groupServer(95, (offset) =>
		offset === 0 ? group : [...group].reverse(),
	);
	const ids = (await readAll(fetchPage, { width: 3, maxPages: 100 })).map((item) => item.id);
	expect(group.filter(({ id }) => !ids.includes(id))).toEqual([]);
	expect(new Set(ids).size).toBe(ids.length);
	// From before the group on at once: no page asked at the regular stride and thrown away.
	expect(asked).toEqual([0, 94, 192, 290]);
});

test('Return All: a short page after a full one is taken only once the full page, asked again, is unchanged; changed, the reading looks back for a page that joins', async () => {
	// After the first answer, the two assets at the seam (98 and 99) become internal-only: the page
	// at 98 shows neither, and the first page, asked again, has changed.
	const every = items(300);
	const hiddenNow = new Set<number>();
	const { fetchPage: serve, asked } = server(every, { hidden: (i) => hiddenNow.has(i) });
	const fetchPage: FetchPage<Item> = async (offset, limit) => {
		const page = await serve(offset, limit);
		[98, 99].forEach((i) => hiddenNow.add(i));
		return page;
	};
	const ids = (await readAll(fetchPage, { width: 1, maxPages: 100 })).map((item) => item.id);
	expect(ids).toEqual(every.map((item) => item.id));
	expect(asked.map((page) => page.offset)).toEqual([0, 98, 0, 48, 146, 244]);
});
