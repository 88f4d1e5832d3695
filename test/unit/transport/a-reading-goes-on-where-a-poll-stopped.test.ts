/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The reader as the Asset event runs it (transport/paging/reader.ts), against a fetchPage callback
 * that plays a server (no HTTP): pages of 100 that overlap by two assets, each read handed on in
 * order with where a later reading goes on; a reading that goes on from the page a poll stopped
 * at; leaving the loop, or a failed page, stops it and cancels what is under way; knowing where
 * the listing ended last time, no request past that end unless the listing grew. Well under a
 * second.
 */
import { ListingError } from '../../../nodes/shared/transport/paging/errors';
import type { FetchPage } from '../../../nodes/shared/transport/paging/pages';
import { readListing } from '../../../nodes/shared/transport/paging/reader';
import { items, readPages, server, type Item } from '../../harness/paged-server';

/** Offsets of a reading from 0: pages of 100 that overlap by two. */
const grid = (count: number) => Array.from({ length: count }, (_, n) => n * 98);
const marks = (list: Item[]) => list.map((item): [string, string] => [item.id, item.name]);
const gone = marks(items(100).map((i) => ({ id: `x${i.id}`, name: `gone ${i.name}` })));

describe('a reading, a page at a time (Return All, the Asset event)', () => {
	test('from the page a poll stopped at to the end: every page handed on in order, each with where to go on', async () => {
		const every = items(1050);
		const { fetchPage, asked } = server(every);
		const from = { offset: 196, limit: 100, marks: marks(every.slice(196, 296)) };
		const reads = await readPages(fetchPage, { from });
		expect(reads.flatMap((read) => read.fresh.map((i) => i.id))).toEqual(
			every.slice(296).map((i) => i.id),
		);
		expect(reads.map((read) => read.offset)).toEqual([294, 392, 490, 588, 686, 784, 882, 980]);
		expect(reads.map((read) => read.resume?.offset)).toEqual([
			294,
			392,
			490,
			588,
			686,
			784,
			882,
			undefined,
		]);
		expect(reads.at(-1)?.ended).toBe(true);
		// Side by side after the first: at most 2 pages past the end asked for.
		expect(asked.length).toBeLessThanOrEqual(8 + 2);
	});

	test('leaving the loop asks nothing more and cancels the pages under way', async () => {
		const signals: AbortSignal[] = [];
		const { fetchPage: serve, asked } = server(items(2000));
		const fetchPage: FetchPage<Item> = async (offset, limit, signal) => {
			signals.push(signal!);
			return await serve(offset, limit);
		};
		const offsets: number[] = [];
		for await (const read of readListing(fetchPage, { restart: true, width: 3, maxPages: 100 })) {
			offsets.push(read.offset);
			if (offsets.length === 4) break;
		}
		expect(offsets).toEqual(grid(4));
		const under = asked.length;
		expect(under).toBeLessThanOrEqual(4 + 3);
		expect(signals.slice(4).every((signal) => signal.aborted)).toBe(true);
		await new Promise((resolve) => setImmediate(resolve));
		expect(asked).toHaveLength(under);
	});

	test('a failed page: the pages before it are handed on, none after it, and its failure is thrown', async () => {
		const { fetchPage: serve } = server(items(1000));
		const refused = new Error('429');
		const fetchPage: FetchPage<Item> = async (offset, limit) => {
			if (offset === 392) throw refused;
			return await serve(offset, limit);
		};
		const offsets: number[] = [];
		const reading = readListing(fetchPage, { restart: true, width: 3, maxPages: 100 });
		await expect(
			(async () => {
				for await (const read of reading) offsets.push(read.offset);
			})(),
		).rejects.toBe(refused);
		expect(offsets).toEqual(grid(4));
	});

	test('a place no page shares any more, in a reading that may not start over: lost, nothing handed on', async () => {
		const { fetchPage } = server(items(1000));
		const from = { offset: 196, limit: 100, marks: gone };
		const reads: Array<{ fresh: Item[] }> = [];
		const reading = readListing(fetchPage, { from, restart: false, width: 3, maxPages: 100 });
		const outcome = (async () => {
			for await (const read of reading) reads.push(read);
		})();
		await expect(outcome).rejects.toBeInstanceOf(ListingError);
		await expect(outcome).rejects.toMatchObject({ kind: 'lost' });
		expect(reads.flatMap((read) => read.fresh)).toEqual([]);
	});

	test('left while it looks for a page that joins: each page it asked said it did not join', async () => {
		const { fetchPage, asked } = server(items(3000));
		const from = { offset: 991, limit: 100, marks: gone };
		const joined: boolean[] = [];
		const reading = readListing(fetchPage, { from, restart: false, width: 3, maxPages: 1000 });
		for await (const read of reading) {
			joined.push(read.ended || read.resume !== undefined);
			if (joined.length === 20) break;
		}
		expect(joined).toEqual(Array(20).fill(false));
		expect(asked).toHaveLength(20);
	});
});

describe('a reading that knows where the listing ended last time', () => {
	const read = async (fetchPage: FetchPage<Item>, knownEnd: number) => {
		const reads = await readPages(fetchPage, { width: 4, knownEnd });
		return { ended: reads.at(-1)?.ended, ids: reads.flatMap((r) => r.fresh.map((i) => i.id)) };
	};

	test('a listing that has not grown: no request past its end', async () => {
		const { fetchPage, asked } = server(items(1000)); // pages at 0..882, then 980 (twenty assets)
		const { ended, ids } = await read(fetchPage, 980);
		expect(ended).toBe(true);
		expect(ids).toHaveLength(1000);
		expect(asked.map((a) => a.offset).sort((a, b) => a - b)).toEqual(grid(11));
	});

	test('a listing that grew: the pages past the old end are read ramping up from one, to the end', async () => {
		const { fetchPage, asked } = server(items(1250));
		const { ended, ids } = await read(fetchPage, 980);
		expect(ended).toBe(true);
		expect(ids).toHaveLength(1250);
		expect(asked).toHaveLength(14);
	});
});
