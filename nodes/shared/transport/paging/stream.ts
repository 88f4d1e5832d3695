// One reading of a listing that may change meanwhile, run after run until it ends, stops, fails or
// is lost; and Return All's whole list (docs/development.md, "Paging a listing that moves").
import type { Listed } from './chain';
import {
	listingError,
	listingMoved,
	PAGE_SIZE,
	tooManyPages,
	type FetchPage,
	type ListPage,
} from './pages';
import { Reading, type StreamOptions } from './reading';
import { readAgainTheSame, rejoin } from './rejoin';
import { runPages, type Run } from './run';

export type StreamEnd = { pageSize: number } & (
	| { ended: true }
	| { ended: false; failure?: unknown; lost?: boolean; searching?: boolean }
);

/**
 * Pages in a row that did not join, with the reading no further between them, before it gives up:
 * the listing kept moving. A page that breaks off after the reading got further into the listing
 * starts the count again: a removal ahead of the reading shifts the next page past the one it
 * would share, and is no reason to fail. A listing that grows ahead of the reading faster than it
 * reads takes it back to the start each time, no further, and fails.
 */
export const MAX_BREAKS = 16;

export async function streamPages<T extends Listed>(
	fetchPage: FetchPage<T>,
	options: StreamOptions<T>,
): Promise<StreamEnd> {
	const reading = new Reading(fetchPage, options);
	let from: number | Run = options.start;
	for (let breaks = 0, reached = -1; typeof from === 'number'; ) {
		const run: Run = await runPages(reading, from);
		if (run.end !== 'broken') from = run;
		else if (run.page && (await readAgainTheSame(reading, run.page as ListPage<T>, run.at)))
			from = run.page.meta.hasMore ? run.at + reading.stride() : { end: 'ended' };
		else {
			if (reading.furthest > reached) [breaks, reached] = [0, reading.furthest];
			from =
				++breaks > MAX_BREAKS
					? { end: 'failed', error: listingMoved(reading.problem, run.at, breaks) }
					: await rejoin(reading, run.at);
		}
	}
	const pageSize = reading.size() || PAGE_SIZE;
	if (from.end === 'ended') return { ended: true, pageSize };
	const searching = reading.searching ? { searching: true } : {};
	if (from.end === 'failed') return { ended: false, failure: from.error, pageSize, ...searching };
	return from.end === 'broken'
		? { ended: false, lost: true, pageSize }
		: { ended: false, pageSize, ...searching };
}

export async function readAllPages<T extends Listed>(
	fetchPage: FetchPage<T>,
	options: Omit<StreamOptions<T>, 'onPage' | 'mayAsk'>,
): Promise<T[]> {
	const items: T[] = [];
	const outcome = await streamPages(fetchPage, {
		...options,
		onPage: (page) => items.push(...page),
	});
	if (outcome.ended) return items;
	if ('failure' in outcome && outcome.failure !== undefined) throw outcome.failure;
	throw tooManyPages(options.problem ?? listingError, options.maxPages, outcome.pageSize);
}
