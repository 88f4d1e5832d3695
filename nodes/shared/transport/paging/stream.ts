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
import { runPages, type Run } from './run';

export type StreamEnd = { pageSize: number } & (
	| { ended: true }
	| { ended: false; failure?: unknown; lost?: boolean; searching?: boolean }
);

/**
 * Pages in a row that did not join, with no asset gained between them, before a reading gives up:
 * the listing kept moving. A page that breaks off after the reading gained assets starts the count
 * again: a removal ahead of the reading shifts the next page past the one it would share, and is
 * no reason to fail.
 */
export const MAX_BREAKS = 16;

export async function streamPages<T extends Listed>(
	fetchPage: FetchPage<T>,
	options: StreamOptions<T>,
): Promise<StreamEnd> {
	const reading = new Reading(fetchPage, options);
	let from: number | Run = options.start;
	for (let breaks = 0, gained = 0; typeof from === 'number'; ) {
		const run: Run = await runPages(reading, from);
		if (run.end !== 'broken') from = run;
		else if (run.page && (await reading.readAgainTheSame(run.page as ListPage<T>, run.at)))
			from = run.page.meta.hasMore ? run.at + reading.stride() : { end: 'ended' };
		else {
			if (reading.handedOn > gained) [breaks, gained] = [0, reading.handedOn];
			from =
				++breaks > MAX_BREAKS
					? { end: 'failed', error: listingMoved(reading.problem, run.at, breaks) }
					: await reading.rejoin(run.at);
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
