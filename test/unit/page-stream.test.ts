/**
 * The stream of pages the Asset event reads (transport/pageStream.ts's streamPages), against a
 * fetchPage callback that plays a server (no HTTP): from a cursor to the end, each page handed on
 * in order with the next offset, stopping when told to or at a failed page; knowing where the
 * listing ended last time, no request past that end unless the listing grew.
 */
import type { FetchPage } from '../../nodes/shared/transport/paging';
import { streamPages } from '../../nodes/shared/transport/pageStream';
import { items, server, type Item } from '../helpers/paged-server';

describe('a stream of pages from a cursor (the Asset event)', () => {
	const stream = (fetchPage: FetchPage<Item>, start: number, mayAsk?: () => boolean) => {
		const pages: Array<{ ids: string[]; next: number | undefined }> = [];
		const outcome = streamPages(fetchPage, {
			start,
			inFlight: 3,
			maxPages: 10_000,
			mayAsk,
			onPage: (page, next) => pages.push({ ids: page.map((i) => i.id), next }),
		});
		return { outcome, pages };
	};

	test('from an offset to the end: every page handed on in order, each with the next offset', async () => {
		const { fetchPage, asked } = server(items(1050));
		const { outcome, pages } = stream(fetchPage, 300);
		expect(await outcome).toEqual({ ended: true, pageSize: 100 });
		expect(pages.flatMap((p) => p.ids)).toEqual(
			items(1050)
				.slice(300)
				.map((i) => i.id),
		);
		expect(pages.map((p) => p.next)).toEqual([400, 500, 600, 700, 800, 900, 1000, undefined]);
		// Side by side after the first: at most 3 pages past the end asked for.
		expect(asked.length).toBeLessThanOrEqual(8 + 2);
	});

	test('no more pages once mayAsk says no: those under way are handed on, in order', async () => {
		const { fetchPage, asked } = server(items(2000));
		let budget = 4;
		const { outcome, pages } = stream(fetchPage, 0, () => budget-- > 0);
		expect(await outcome).toEqual({ ended: false, pageSize: 100 });
		expect(asked).toHaveLength(4);
		expect(pages.map((p) => p.next)).toEqual([100, 200, 300, 400]);
	});

	test('a failed page: the pages before it are handed on, none after it, and the failure is returned', async () => {
		const { fetchPage: serve } = server(items(1000));
		const refused = new Error('429');
		const fetchPage: FetchPage<Item> = async (offset, limit) => {
			if (offset === 400) throw refused;
			return await serve(offset, limit);
		};
		const { outcome, pages } = stream(fetchPage, 0);
		expect(await outcome).toEqual({ ended: false, failure: refused, pageSize: 100 });
		expect(pages.map((p) => p.next)).toEqual([100, 200, 300, 400]);
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
		const { fetchPage, asked } = server(items(1000)); // pages at 0..900, then 1000 (empty)
		const { outcome, ids } = await read(fetchPage, 1000);
		expect(outcome.ended).toBe(true);
		expect(ids).toHaveLength(1000);
		expect(asked.map((a) => a.offset).sort((a, b) => a - b)).toEqual(
			Array.from({ length: 11 }, (_, n) => n * 100),
		);
	});

	test('a listing that grew: the pages past the old end are read ramping up from one, to the end', async () => {
		const { fetchPage, asked } = server(items(1250));
		const { outcome, ids } = await read(fetchPage, 1000);
		expect(outcome.ended).toBe(true);
		expect(ids).toHaveLength(1250);
		expect(asked).toHaveLength(14);
	});
});
