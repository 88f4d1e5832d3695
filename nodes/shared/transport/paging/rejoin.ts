// Where a reading goes on after a page that did not join: the page that shows a run of equal names
// whole, then pages nearby one at a time; or, where assets left out of pages hide the overlap, a
// proof that both pages read again the same (docs/development.md, "Paging a listing that moves").
import { groupPageAfter, Probes, runTooLong, type Listed } from './chain';
import { namesShared, PAGE_SIZE, type ListPage } from './pages';
import { sameAssets, type Reading } from './reading';
import type { Run } from './run';

const leftOut = (page: ListPage<unknown>) =>
	page.meta.hasMore && page.data.length < page.meta.limit;

/** Pages near `at`, one at a time, until one joins: where the reading goes on. */
export async function rejoin<T extends Listed>(
	reading: Reading<T>,
	at: number,
): Promise<Run | number> {
	const probes = new Probes(at, reading.size() || PAGE_SIZE, reading.options.restart ?? true);
	reading.searching = true;
	let first: number | undefined;
	try {
		first = groupPage(reading, at);
	} catch (error) {
		return { end: 'failed', error };
	}
	for (let offset = first ?? probes.next(); offset !== undefined; offset = probes.next()) {
		if (!reading.ask()) return { end: 'stopped' };
		try {
			const page = await reading.fetchPage(offset, reading.size() || PAGE_SIZE);
			reading.onAnswer?.(page.data);
			if (reading.handOn(page, offset, 'probe')) {
				reading.searching = false;
				return page.meta.hasMore ? offset + reading.stride() : { end: 'ended' };
			}
			if (!page.meta.hasMore) probes.pastTheEnd();
		} catch (error) {
			return { end: 'failed', error };
		}
	}
	reading.searching = false;
	return { end: 'broken', at };
}

/** After a break at the page that follows the last one handed on: its group page, if it has one. */
function groupPage<T extends Listed>(reading: Reading<T>, at: number): number | undefined {
	const { last } = reading;
	if (!last?.page.meta.hasMore || last.offset + reading.stride() !== at) return undefined;
	const { data, meta } = last.page;
	const run = runTooLong(data, meta.limit);
	if (run)
		throw namesShared(reading.problem, last.offset + data.length - run, run, reading.pageSize);
	return groupPageAfter(data, last.offset);
}

/** A page whose overlap assets left out of pages hide: it joins if both read again the same. */
export async function readAgainTheSame<T extends Listed>(
	reading: Reading<T>,
	page: ListPage<T>,
	at: number,
): Promise<boolean> {
	const { last: before, lastName, pageSize } = reading;
	// Equal names on both sides of the seam may stand in another order at each request: no proof.
	const tie = lastName !== undefined && lastName.toLowerCase() === page.data[0]?.name.toLowerCase();
	if (!before || tie || !(leftOut(before.page) || leftOut(page)) || !reading.ask(2)) return false;
	const [again, pageAgain] = await Promise.all([
		reading.fetchPage(before.offset, pageSize).catch(() => undefined),
		reading.fetchPage(at, pageSize).catch(() => undefined),
	]);
	return (
		sameAssets(again, before.page) &&
		sameAssets(pageAgain, page) &&
		reading.handOn(page, at, 'proven')
	);
}
