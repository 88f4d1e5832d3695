/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The paging plans (Return All, Limit, the pickers) against a fetchPage callback that plays a
 * server (no HTTP): offsets follow the server's page size, only hasMore ends a listing,
 * contradictions are errors, Limit joins its pages as Return All does, a picker reads a bounded
 * number of pages and says where to go on.
 */
import {
	cursorFromToken,
	cursorToken,
	searchAssets,
} from '../../../nodes/shared/transport/paging/assets';
import { ListingError } from '../../../nodes/shared/transport/paging/errors';
import type { FetchPage, ListPage } from '../../../nodes/shared/transport/paging/pages';
import { items, listingOver, readAll, server, type Item } from '../../harness/paged-server';

const all = (fetchPage: FetchPage<Item>, width = 3) => readAll(fetchPage, { width });
const search = (fetchPage: FetchPage<Item>, options: Parameters<typeof searchAssets>[1]) =>
	searchAssets(listingOver(fetchPage), options);
const ids = (list: Item[]) => list.map((item) => item.id);

describe('Return All', () => {
	test('every asset, in order, for listings of every length around the page size', async () => {
		for (const n of [0, 1, 99, 100, 101, 250, 1000]) {
			const { fetchPage } = server(items(n));
			expect(await all(fetchPage)).toEqual(items(n));
		}
	});

	test('a reading that may not start over, from the top with nothing read: its first page is its start, each page asked once', async () => {
		const { fetchPage, asked } = server(items(250));
		expect(await readAll(fetchPage, { restart: false, width: 1 })).toEqual(items(250));
		expect(asked.map((page) => page.offset)).toEqual([0, 98, 196]);
	});

	test('a server whose page is smaller than asked (meta.limit 50): offsets step by 48 (two assets of overlap), all 250 read', async () => {
		const { fetchPage, asked } = server(items(250), { pageSize: 50 });
		expect(await all(fetchPage)).toEqual(items(250));
		expect(asked.map((a) => a.offset).sort((a, b) => a - b)).toEqual(
			expect.arrayContaining([0, 48, 96, 144, 192, 240]),
		);
	});

	test('short pages with hasMore (internal-only assets left out) are not the end: every visible asset read', async () => {
		const hidden = (i: number) => i === 30 || i === 60; // two of every 100 hidden: pages of 98
		const every = items(500);
		const { fetchPage } = server(every, { hidden: (i) => hidden(i % 100) });
		const result = await all(fetchPage);
		expect(result).toHaveLength(490);
		expect(result).toEqual(every.filter((_, i) => !hidden(i % 100)));
	});

	test('an empty page with hasMore: true is not the end either', async () => {
		const every = items(300);
		const { fetchPage } = server(every, { hidden: (i) => i >= 100 && i < 200 });
		expect(await all(fetchPage)).toEqual([...every.slice(0, 100), ...every.slice(200)]);
	});

	test('pages are asked side by side, at most inFlight at once, and at most inFlight - 1 past the end', async () => {
		let now = 0;
		let peak = 0;
		const { fetchPage: inner, asked } = server(items(1000));
		const fetchPage: FetchPage<Item> = async (offset, limit) => {
			peak = Math.max(peak, ++now);
			await new Promise((resolve) => setTimeout(resolve, 5));
			now--;
			return await inner(offset, limit);
		};
		expect(await all(fetchPage, 3)).toHaveLength(1000);
		expect(peak).toBe(3);
		expect(asked.length).toBeLessThanOrEqual(11 + 2);
	});

	test('assets removed before the seam while pages are in flight: the next page does not join, is looked at again, and no asset is lost', async () => {
		const every = items(300);
		const { fetchPage: serve } = server(every);
		let served = 0;
		const fetchPage: FetchPage<Item> = async (offset, limit) => {
			if (served++ === 1) every.splice(10, 3); // after the first page: the rest shift by three
			return await serve(offset, limit);
		};
		expect(ids(await all(fetchPage))).toEqual(ids(items(300)));
	});

	test('a listing longer than the pages it may ask: an error once they are asked, and no page past them', async () => {
		for (const width of [1, 3]) {
			const { fetchPage, asked } = server(items(250));
			await expect(readAll(fetchPage, { maxPages: 2, width })).rejects.toBeInstanceOf(ListingError);
			expect(asked).toHaveLength(2);
		}
	});

	test('Max Pages counts each page asked once, the page taken once the one before it is read again too', async () => {
		// The first page is one name and four assets left out: the next page shows none of it, and
		// is taken once the first page, asked again, is unchanged. Five pages: 0, 98, 0, 196, 294.
		const every = items(300).map((item, i) => (i < 96 ? { ...item, name: 'same' } : item));
		const hidden = (i: number) => i >= 96 && i < 100;
		const visible = every.filter((_, i) => !hidden(i));
		const five = server(every, { hidden });
		await expect(readAll(five.fetchPage, { maxPages: 5, width: 1 })).resolves.toEqual(visible);
		expect(five.asked.map((page) => page.offset)).toEqual([0, 98, 0, 196, 294]);
		const four = server(every, { hidden });
		await expect(readAll(four.fetchPage, { maxPages: 4, width: 1 })).rejects.toThrow(
			/did not end after 4 pages/,
		);
		expect(four.asked).toHaveLength(4);
	});

	test('an empty first page asked again at its own offset, the page grown to 100, counts once: 49 empty pages in a row are read through', async () => {
		// Offsets 0 (10 asked), 0 again (100), then 98 to 4704: 49 places without a visible asset.
		const every = items(4950);
		const { fetchPage, asked } = server(every, { hidden: (i) => i < 4850 });
		const read = await readAll(fetchPage, { size: 10, width: 1 });
		expect(read).toEqual(every.slice(4850));
		expect(asked.slice(0, 3)).toEqual([
			{ offset: 0, limit: 10 },
			{ offset: 0, limit: 100 },
			{ offset: 98, limit: 100 },
		]);
	});

	test('a full page whose last 99 assets share a name: an error that says so, not the same page asked again', async () => {
		const every = items(300).map((item, i) =>
			i >= 1 && i < 100 ? { ...item, name: 'same' } : item,
		);
		const { fetchPage, asked } = server(every);
		await expect(readAll(fetchPage, { width: 1 })).rejects.toThrow(
			/^99 or more assets in a row from offset 1 share a name/,
		);
		expect(asked).toEqual([{ offset: 0, limit: 100 }]);
	});

	const contradiction = async (page: (offset: number) => ListPage<Item>, message: RegExp) => {
		const fetchPage: FetchPage<Item> = async (offset) => page(offset);
		await expect(all(fetchPage)).rejects.toThrow(message);
		await expect(all(fetchPage)).rejects.toBeInstanceOf(ListingError);
	};

	test('a page that answers another offset than asked: an error, not a short list', async () => {
		await contradiction(
			() => ({ data: items(100), meta: { limit: 100, offset: 0, hasMore: true } }),
			/^the page at offset 98 came back as offset 0$/,
		);
	});

	test('a page of the same assets again: an error', async () => {
		await contradiction(
			(offset) => ({ data: items(100), meta: { limit: 100, offset, hasMore: true } }),
			/^the page at offset 98 repeats assets already read/,
		);
	});

	test('more assets than the page size it states: an error', async () => {
		await contradiction(
			(offset) => ({ data: items(120), meta: { limit: 100, offset, hasMore: true } }),
			/^the page at offset 0 holds 120 assets but says its page size \(meta.limit\) is 100$/,
		);
	});

	test('a page size that changes mid-listing: an error', async () => {
		const every = items(400);
		await contradiction(
			(offset) => ({
				data: every.slice(offset, offset + (offset === 0 ? 100 : 50)),
				meta: { limit: offset === 0 ? 100 : 50, offset, hasMore: true },
			}),
			/^the page at offset 98 says its page size \(meta.limit\) is 50, the first page said 100$/,
		);
	});

	test('a listing that never ends stops at maxPages with an error', async () => {
		let n = 0;
		const fetchPage: FetchPage<Item> = async (offset) => ({
			data: items(100).map((i) => ({ ...i, id: `${i.id}-${n++}` })),
			meta: { limit: 100, offset, hasMore: true },
		});
		await expect(readAll(fetchPage, { maxPages: 20 })).rejects.toThrow(
			/^the asset listing did not end after 20 pages/,
		);
	});

	test("a page that fails fails the listing with that page's error; one past the end does not", async () => {
		const { fetchPage: inner } = server(items(250));
		const failing =
			(bad: number): FetchPage<Item> =>
			async (offset, limit) => {
				if (offset === bad) throw new Error(`page ${bad} failed`);
				return await inner(offset, limit);
			};
		await expect(all(failing(98))).rejects.toThrow('page 98 failed');
		expect(await all(failing(400))).toHaveLength(250);
	});
});

describe('Limit and the pickers', () => {
	test('Limit asks pages of its size (at most 100), read whole and joined as Return All joins them', async () => {
		const { fetchPage, asked } = server(items(500));
		const result = await search(fetchPage, { max: 120, maxPages: 100 });
		expect(ids(result.items.slice(0, 120))).toEqual(ids(items(120)));
		expect(asked).toEqual([
			{ offset: 0, limit: 100 },
			{ offset: 98, limit: 100 },
		]);
	});

	test('Limit misses no asset when one ahead of the reading is removed between its pages', async () => {
		const every = items(300);
		const { fetchPage: serve } = server(every);
		let served = 0;
		const fetchPage: FetchPage<Item> = async (offset, limit) => {
			if (served++ === 1) every.splice(50, 1); // after the first page: the next one shifts by one
			return await serve(offset, limit);
		};
		const result = await search(fetchPage, { max: 200, maxPages: 100 });
		// Read before it went, the removed asset is there too; the one shifted across the seam is not lost.
		expect(ids(result.items.slice(0, 200))).toEqual(ids(items(200)));
	});

	test('short pages with hasMore go on; a filter counts matches', async () => {
		const every = items(500);
		const { fetchPage } = server(every, { hidden: (i) => i % 10 === 0 });
		const keep = (item: Item) => item.name.endsWith('5');
		const result = await search(fetchPage, { max: 30, keep, maxPages: 100 });
		expect(ids(result.items.slice(0, 30))).toEqual(ids(every.filter(keep).slice(0, 30)));
	});

	test('a picker whose place is gone from the listing goes on from the top next time', async () => {
		const every = items(300);
		const { fetchPage } = server(every);
		const first = await search(fetchPage, {
			max: 1,
			keep: () => false,
			maxPages: 1,
			pagesRunOut: 'pause',
		});
		expect(first.next?.from?.offset).toBe(0);
		// Every asset gone, others in their place: no page joins the token's again.
		every.splice(
			0,
			every.length,
			...items(300).map((item) => ({ id: `new ${item.id}`, name: `new ${item.name}` })),
		);
		const cursor = cursorFromToken(cursorToken(first.next!));
		const after = await search(fetchPage, {
			...cursor,
			max: 1,
			keep: () => false,
			maxPages: 50,
			pagesRunOut: 'pause',
		});
		expect(after).toEqual({ items: [], next: {} });
	});

	test('a picker reads at most maxPages and hands back where to go on; going on gives each asset once', async () => {
		const every = items(3000);
		const { fetchPage, asked } = server(every, { hidden: (i) => i % 7 === 0 });
		const keep = (item: Item) => item.name.endsWith('99');
		const seen: Item[] = [];
		let cursor = {};
		for (let call = 0; call < 20; call++) {
			asked.length = 0;
			const page = await search(fetchPage, {
				...cursor,
				max: 10,
				keep,
				maxPages: 5,
				pagesRunOut: 'pause',
			});
			expect(asked.length).toBeLessThanOrEqual(5);
			seen.push(...page.items);
			if (!page.next) break;
			cursor = cursorFromToken(cursorToken(page.next));
		}
		expect(ids(seen)).toEqual(ids(every.filter((item, i) => i % 7 !== 0 && keep(item))));
	});

	test('tokens: written and read back; anything else starts over', () => {
		const cursor = { from: { offset: 196, limit: 100, marks: [['id-196', 'asset 00196']] } };
		expect(cursorFromToken(cursorToken(cursor as never))).toEqual(cursor);
		expect(cursorFromToken('{"offset":200,"limit":100,"marks":[]}')).toEqual({
			from: { offset: 200, limit: 100, marks: [] },
		});
		expect(cursorFromToken('{"offset":0,"limit":1,"marks":[]}')).toEqual({
			from: { offset: 0, limit: 1, marks: [] },
		});
		const junk = [undefined, '', 'x', '200', 'null', '{"offset":-5,"limit":100,"marks":[]}'];
		junk.push('{"offset":1,"limit":100,"marks":[["a"]]}', '{"offset":1.5,"limit":100,"marks":[]}');
		junk.push('{"offset":1,"limit":0,"marks":[]}', '{"offset":1,"limit":100,"marks":[["a",5]]}');
		junk.push('{"offset":1,"limit":100,"marks":[[5,"a"]]}', '{"offset":1,"limit":100,"marks":{}}');
		for (const token of junk) expect(cursorFromToken(token)).toEqual({});
	});

	test('limit mode past maxPages is an error; a picker pauses instead', async () => {
		const { fetchPage } = server(items(5000));
		const none = () => false;
		await expect(search(fetchPage, { max: 1, keep: none, maxPages: 3 })).rejects.toThrow(
			/did not end after 3 pages/,
		);
		expect(
			await search(fetchPage, { max: 1, keep: none, maxPages: 3, pagesRunOut: 'pause' }),
		).toEqual({
			items: [],
			next: {
				from: {
					offset: 196,
					limit: 100,
					marks: items(296)
						.slice(196)
						.map((item) => [item.id, item.name]),
				},
			},
		});
	});
});
