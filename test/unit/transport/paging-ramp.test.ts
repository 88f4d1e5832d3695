/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Guards how a listing's pages go out (paging/pages.ts, through the reader), against a server played by
 * a fetchPage whose answers the test releases (no HTTP, no timers; well under a second for the
 * file): the window opens 1, 2, 4, 8 pages a round trip up to w; a listing of n pages costs at
 * most n + w - 1 requests (a short one of two pages, three), never more than w in flight; pages
 * the last reading saw go w at a time, and past them the window opens from one again; a failed
 * page aborts the pages in flight behind it, not those before it, and nothing more is asked;
 * once a page says the listing ends, nothing past it is asked.
 */
import { reachOf, type FetchPage } from '../../../nodes/shared/transport/paging/pages';
import { readListing } from '../../../nodes/shared/transport/paging/reader';
import { items, readAll, readPages, type Item } from '../../harness/paged-server';

const settle = async () => await new Promise((resolve) => setImmediate(resolve));

/** A server over `count` assets whose pages answer only when the test says so. */
function heldServer(count: number) {
	const all = items(count);
	const asked: Array<{ offset: number; signal?: AbortSignal; answer: (fail?: Error) => void }> = [];
	let inFlight = 0;
	let peak = 0;
	const fetchPage: FetchPage<Item> = (offset, limit, signal) =>
		new Promise((resolve, reject) => {
			peak = Math.max(peak, ++inFlight);
			const done = () => inFlight--;
			signal?.addEventListener('abort', () => reject(new Error(`aborted ${offset}`)));
			const data = all.slice(offset, offset + limit);
			const answer = (fail?: Error) => {
				done();
				if (fail) reject(fail);
				else resolve({ data, meta: { limit, offset, hasMore: data.length === limit } });
			};
			asked.push({ offset, signal, answer });
		});
	let answered = 0;
	/** Answers every page asked and not answered yet (one round trip); how many were asked meanwhile. */
	const roundTrip = async () => {
		const before = asked.length;
		for (const page of asked.slice(answered, before)) page.answer();
		answered = before;
		await settle();
		return asked.length - before;
	};
	/** Answers the oldest page not answered yet, alone. */
	const answerOne = async () => {
		asked[answered++].answer();
		await settle();
	};
	return {
		fetchPage,
		asked,
		roundTrip,
		answerOne,
		peak: () => peak,
		pending: () => asked.length - answered,
	};
}

/** Pages of 100 overlapping by two: the last is the first that is not full. */
const pagesOf = (n: number) => (n < 100 ? 1 : Math.floor((n - 100) / 98) + 2);

test('the window opens 1, 2, 4, 8 pages a round trip, then stays at w = 8', async () => {
	const server = heldServer(10_000);
	const read = readAll(server.fetchPage, { width: 8 });
	await settle();
	const perRound = [server.asked.length];
	while (server.pending() > 0) perRound.push(await server.roundTrip());
	expect(await read).toEqual(items(10_000));
	expect(perRound.slice(0, 6)).toEqual([1, 2, 4, 8, 8, 8]);
	// 102 pages (of 100, overlapping by two; the 102nd holds one asset) in 15 round trips, 1 past the end.
	expect(perRound.length - 1).toBe(15);
	expect(server.asked).toHaveLength(103);
});

test('a listing of n pages costs at most n + w - 1 requests, w at most in flight; two pages cost three', async () => {
	for (const width of [1, 2, 3, 8]) {
		for (const n of [0, 1, 99, 100, 150, 199, 250, 1000, 1050, 3000]) {
			const server = heldServer(n);
			const read = readAll(server.fetchPage, { width });
			await settle();
			// One answer at a time, in order: each lets the window move on (the most it asks past the end).
			while (server.pending() > 0) await server.answerOne();
			expect(await read).toEqual(items(n));
			expect(server.peak()).toBeLessThanOrEqual(width);
			expect(server.asked.length).toBeLessThanOrEqual(pagesOf(n) + width - 1);
			if (pagesOf(n) === 1) expect(server.asked).toHaveLength(1);
			if (pagesOf(n) === 2) expect(server.asked).toHaveLength(Math.min(3, 1 + width));
		}
	}
});

test('pages the last reading saw go w at a time and none past them; past them the window opens from one', async () => {
	const stream = async (server: ReturnType<typeof heldServer>) =>
		(await readPages(server.fetchPage, { width: 4, knownEnd: 980 })).at(-1)?.ended;
	const same = heldServer(1000); // pages at 0..882, then the page at 980 (twenty assets), where it ended
	const sameRead = stream(same);
	await settle();
	const perRound = [same.asked.length];
	while (same.pending() > 0) perRound.push(await same.roundTrip());
	expect(await sameRead).toBe(true);
	expect(perRound).toEqual([1, 4, 4, 2, 0]);

	const grown = heldServer(2000);
	const grownRead = stream(grown);
	await settle();
	const grownRounds = [grown.asked.length];
	while (grown.pending() > 0) grownRounds.push(await grown.roundTrip());
	expect(await grownRead).toBe(true);
	expect(grownRounds.slice(0, 8)).toEqual([1, 4, 4, 2, 1, 2, 4, 4]);
	expect(reachOf(11, 4, 11)).toBe(12);
});

test('a failed page aborts the pages in flight behind it, not those before it, and nothing more is asked', async () => {
	const server = heldServer(2000);
	const handed: Array<number | undefined> = [];
	const outcome = (async () => {
		for await (const read of readListing(server.fetchPage, {
			restart: true,
			width: 8,
			maxPages: 99,
		}))
			handed.push(read.resume?.offset);
	})();
	await settle();
	await server.roundTrip(); // page 0: pages 1 and 2 go
	await server.roundTrip(); // pages 1 and 2: pages 3 to 6 go
	expect(server.asked.map((a) => a.offset)).toEqual([0, 98, 196, 294, 392, 490, 588]);
	const refused = new Error('page 490 failed');
	server.asked[5].answer(refused);
	await settle();
	expect(server.asked.map((a) => a.signal?.aborted)).toEqual([
		false,
		false,
		false,
		false,
		false,
		false,
		true,
	]);
	server.asked[3].answer();
	server.asked[4].answer();
	await expect(outcome).rejects.toBe(refused);
	expect(handed).toEqual([0, 98, 196, 294, 392]);
	expect(server.asked).toHaveLength(7);
});

test('once a page says the listing ends, nothing past it is asked, while pages before it are still under way', async () => {
	const server = heldServer(550); // pages 0..392; the one at 490 holds 60 and ends it
	const read = readAll(server.fetchPage, { width: 8 });
	await settle();
	await server.roundTrip();
	await server.roundTrip(); // pages 3 to 6 (offsets 294 to 588) under way
	server.asked[5].answer(); // the end comes first
	await settle();
	server.asked[3].answer(); // three more pages handed on would let the window reach offset 800
	await settle();
	expect(server.asked).toHaveLength(7);
	server.asked[4].answer();
	server.asked[6].answer();
	expect(await read).toEqual(items(550));
	expect(server.asked).toHaveLength(7);
});
