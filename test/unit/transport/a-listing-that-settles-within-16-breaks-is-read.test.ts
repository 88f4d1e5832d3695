/**
 * A reading gives up on a listing that moves only after 17 pages in a row that did not join, with
 * the reading no further between them; a listing that settles before that is read whole. A resumed
 * reading that has to start over from the first page counts its breaks from there, as a fresh
 * reading does. Against a fetchPage callback that plays a server (no HTTP); well under a second.
 */
import { ListingError } from '../../../nodes/shared/transport/paging/errors';
import type { FetchPage } from '../../../nodes/shared/transport/paging/pages';
import type { Resume } from '../../../nodes/shared/transport/paging/reader';
import { items, readPages, server, type Item } from '../../harness/paged-server';

/**
 * 400 assets; after each answer 250 new ones sort first, until the first page has been answered
 * `settlesAt` times. Each page the reading asks ahead of the first page then shows only new assets
 * and does not join: a break, and the reading starts over from the first page.
 */
function listingThatSettles(settlesAt: number) {
	const every = items(400);
	const { fetchPage: serve } = server(every);
	let [created, firstPages] = [0, 0];
	const grow = () => every.unshift(...Array.from({ length: 250 }, () => newAsset(created++)));
	const fetchPage: FetchPage<Item> = async (offset, limit) => {
		const page = await serve(offset, limit);
		if (offset === 0) firstPages++;
		if (firstPages < settlesAt) grow();
		return page;
	};
	return { every, fetchPage, grow };
}

const newAsset = (n: number): Item => ({ id: `new-${n}`, name: `new ${n}` });

/** What a reading hands on, with what it had read before (`from`); or the error it fails with. */
async function read(fetchPage: FetchPage<Item>, from?: Resume) {
	try {
		const reads = await readPages(fetchPage, { from, restart: true, width: 1 });
		const before = (from?.marks ?? []).map(([id]) => id);
		return [...before, ...reads.flatMap((page) => page.fresh.map((item) => item.id))];
	} catch (error) {
		return error;
	}
}

/** A reading resumed after the page at offset 200, read before the listing moved. */
function resumed(settlesAt: number) {
	const listing = listingThatSettles(settlesAt);
	const marks = listing.every.slice(200, 300).map((item): [string, string] => [item.id, item.name]);
	listing.grow();
	return { ...listing, from: { offset: 200, limit: 100, marks } };
}

const ids = (list: Item[]) => list.map((item) => item.id);

// A fresh reading breaks once after each answer of the first page but the last; a resumed one once
// more, at its first page, before it starts over.
test.each([
	['a fresh reading: 16 breaks in a row', () => ({ ...listingThatSettles(17), from: undefined })],
	['a resumed reading: one break, then 16 in a row from the first page', () => resumed(17)],
])('%s: every asset, each once', async (_, make) => {
	const { every, fetchPage, from } = make();
	const handed = await read(fetchPage, from);
	expect(Array.isArray(handed) && [...handed].sort()).toEqual(ids(every).sort());
});

test.each([
	['a fresh reading: 17 breaks in a row', () => ({ ...listingThatSettles(18), from: undefined })],
	['a resumed reading: one break, then 17 in a row from the first page', () => resumed(18)],
])('%s: the listing moved', async (_, make) => {
	const { fetchPage, from } = make();
	const error = await read(fetchPage, from);
	expect(error).toBeInstanceOf(ListingError);
	expect((error as Error).message).toMatch(/^the asset listing moved while it was read: 17 pages/);
});
