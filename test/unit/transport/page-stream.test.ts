/**
 * The stream of pages Return All and the Asset event read (transport/paging/stream.ts), against a
 * fetchPage callback that plays a server (no HTTP): pages of 100 that overlap by two assets, each
 * handed on in order with where the reading goes on; a reading that goes on from an anchor (the
 * page a poll stopped at); stopping when told to or at a failed page; knowing where the listing
 * ended last time, no request past that end unless the listing grew. Well under a second.
 */
import { marksOf } from '../../../nodes/shared/transport/paging/chain';
import type { FetchPage } from '../../../nodes/shared/transport/paging/pages';
import type { Resume } from '../../../nodes/shared/transport/paging/reading';
import { streamPages } from '../../../nodes/shared/transport/paging/stream';
import { items, server, type Item } from '../../harness/paged-server';

/** Offsets of a reading from 0: pages of 100 that overlap by two. */
const grid = (count: number) => Array.from({ length: count }, (_, n) => n * 98);

describe('a stream of pages (Return All, the Asset event)', () => {
	const stream = (fetchPage: FetchPage<Item>, from?: Resume, mayAsk?: () => boolean) => {
		const pages: Array<{ ids: string[]; next: number | undefined }> = [];
		const outcome = streamPages(fetchPage, {
			start: from?.offset ?? 0,
			anchor: from?.anchor,
			inFlight: 3,
			maxPages: 10_000,
			mayAsk,
			onPage: (page, read) => pages.push({ ids: page.map((i) => i.id), next: read.next?.offset }),
		});
		return { outcome, pages };
	};

	test('from an anchor to the end: every page handed on in order, each with the next offset', async () => {
		const every = items(1050);
		const { fetchPage, asked } = server(every);
		const anchor = { offset: 294, anchor: marksOf(every.slice(196, 296)) };
		const { outcome, pages } = stream(fetchPage, anchor);
		expect(await outcome).toEqual({ ended: true, pageSize: 100 });
		expect(pages.flatMap((p) => p.ids)).toEqual(every.slice(296).map((i) => i.id));
		expect(pages.map((p) => p.next)).toEqual([392, 490, 588, 686, 784, 882, 980, undefined]);
		// Side by side after the first: at most 2 pages past the end asked for.
		expect(asked.length).toBeLessThanOrEqual(8 + 2);
	});

	test('no more pages once mayAsk says no: those under way are handed on, in order', async () => {
		const { fetchPage, asked } = server(items(2000));
		let budget = 4;
		const { outcome, pages } = stream(fetchPage, undefined, () => budget-- > 0);
		expect(await outcome).toEqual({ ended: false, pageSize: 100 });
		expect(asked).toHaveLength(4);
		expect(pages.map((p) => p.next)).toEqual(grid(5).slice(1));
	});

	test('a failed page: the pages before it are handed on, none after it, and the failure is returned', async () => {
		const { fetchPage: serve } = server(items(1000));
		const refused = new Error('429');
		const fetchPage: FetchPage<Item> = async (offset, limit) => {
			if (offset === 392) throw refused;
			return await serve(offset, limit);
		};
		const { outcome, pages } = stream(fetchPage);
		expect(await outcome).toEqual({ ended: false, failure: refused, pageSize: 100 });
		expect(pages.map((p) => p.next)).toEqual(grid(5).slice(1));
	});

	test('an anchor that no page shares any more (a reading that may not start over): lost, nothing handed on', async () => {
		const { fetchPage } = server(items(1000));
		const gone = {
			offset: 294,
			anchor: marksOf(items(100).map((i) => ({ id: `x${i.id}`, name: `gone ${i.name}` }))),
		};
		const pages: string[][] = [];
		const outcome = await streamPages(fetchPage, {
			start: gone.offset,
			anchor: gone.anchor,
			restart: false,
			inFlight: 3,
			maxPages: 10_000,
			onPage: (page) => pages.push(page.map((i) => i.id)),
		});
		expect(outcome).toEqual({ ended: false, lost: true, pageSize: 100 });
		expect(pages).toEqual([]);
	});

	test('stopped while looking for a page that joins, a page at a time: it says so (the poll starts over or is lost)', async () => {
		const { fetchPage, asked } = server(items(3000));
		let budget = 20;
		const pages: string[][] = [];
		const outcome = await streamPages(fetchPage, {
			start: 1089,
			anchor: marksOf(items(100).map((i) => ({ id: `x${i.id}`, name: `gone ${i.name}` }))),
			restart: false,
			inFlight: 3,
			maxPages: 10_000,
			mayAsk: () => budget-- > 0,
			onPage: (page) => pages.push(page.map((i) => i.id)),
		});
		expect(outcome).toEqual({ ended: false, searching: true, pageSize: 100 });
		expect(asked).toHaveLength(20);
		expect(pages).toEqual([]);
	});
});

describe('a stream that knows where the listing ended last time', () => {
	const read = async (fetchPage: FetchPage<Item>, lastOffset: number) => {
		const ids: string[] = [];
		const outcome = await streamPages(fetchPage, {
			start: 0,
			inFlight: 4,
			maxPages: 10_000,
			lastOffset,
			onPage: (page) => ids.push(...page.map((i) => i.id)),
		});
		return { outcome, ids };
	};

	test('a listing that has not grown: no request past its end', async () => {
		const { fetchPage, asked } = server(items(1000)); // pages at 0..882, then 980 (twenty assets)
		const { outcome, ids } = await read(fetchPage, 980);
		expect(outcome.ended).toBe(true);
		expect(ids).toHaveLength(1000);
		expect(asked.map((a) => a.offset).sort((a, b) => a - b)).toEqual(grid(11));
	});

	test('a listing that grew: the pages past the old end are read ramping up from one, to the end', async () => {
		const { fetchPage, asked } = server(items(1250));
		const { outcome, ids } = await read(fetchPage, 980);
		expect(outcome.ended).toBe(true);
		expect(ids).toHaveLength(1250);
		expect(asked).toHaveLength(14);
	});
});
