// Pages until enough assets match (Limit, the pickers), joined by the same rule as Return All's;
// a picker's cursor (the next page, and the last page read, which it joins) goes on.
import type { Listed, Mark } from './chain';
import type { Resume } from './reading';
import { listingError, PAGE_SIZE, tooManyPages, type FetchPage, type Problem } from './pages';
import { streamPages } from './stream';

export interface Cursor {
	offset: number;
	/** The assets of the last page read, which the page at `offset` must join. */
	anchor?: Mark[];
}

export interface SearchOptions<T> {
	from: Cursor;
	max: number;
	/** Which assets count; without it pages are of `max` assets (at most 100). */
	keep?: (item: T) => boolean;
	maxPages: number;
	/** Whether reaching maxPages is an error (Limit) or a place to go on from (pickers). */
	pagesRunOut: 'fail' | 'pause';
	problem?: Problem;
}

/** Up to `max` assets `keep` accepts, whole pages at a time, and where to go on (`next`). */
export async function searchPages<T extends Listed>(
	fetchPage: FetchPage<T>,
	options: SearchOptions<T>,
): Promise<{ items: T[]; next?: Cursor }> {
	const keep = options.keep ?? (() => true);
	const items: T[] = [];
	let next: Resume | undefined;
	const outcome = await streamPages(fetchPage, {
		start: options.from.offset,
		anchor: options.from.anchor,
		// Going on from a cursor, starting over would give the assets of earlier calls again.
		restart: options.from.anchor === undefined,
		inFlight: 1,
		maxPages: options.maxPages,
		size: options.keep ? PAGE_SIZE : Math.min(PAGE_SIZE, options.max),
		problem: options.problem,
		mayAsk: () => items.length < options.max,
		onPage: (fresh, page) => {
			items.push(...fresh.filter(keep));
			next = page.next;
		},
	});
	if ('failure' in outcome && outcome.failure !== undefined) throw outcome.failure;
	const enough = items.length >= options.max;
	if (!outcome.ended && !enough && options.pagesRunOut === 'fail')
		throw tooManyPages(options.problem ?? listingError, options.maxPages, outcome.pageSize);
	if (outcome.ended) return { items };
	// A cursor whose place is lost, or not found again within the call, goes on from the top.
	const lost = ('lost' in outcome && outcome.lost) || ('searching' in outcome && !next);
	if (lost) return { items, next: { offset: 0 } };
	// The whole last page goes in the cursor: a page that must look back to join finds it there.
	return { items, next: next ?? options.from };
}

/** A cursor as a picker's pagination token, and back. */
export function cursorToken(cursor: Cursor): string {
	return JSON.stringify([cursor.offset, cursor.anchor ?? []]);
}

export function cursorFromToken(token: string | undefined): Cursor {
	try {
		const [offset, anchor] = JSON.parse(token ?? '') as [unknown, unknown];
		const marks = Array.isArray(anchor) ? (anchor as unknown[]) : [];
		const isMark = (mark: unknown) =>
			Array.isArray(mark) && mark.length === 2 && mark.every((part) => typeof part === 'string');
		if (Number.isSafeInteger(offset) && (offset as number) >= 0 && marks.every(isMark))
			return { offset: offset as number, anchor: marks as Mark[] };
	} catch {
		// Not a token of ours: the search starts from the top.
	}
	return { offset: 0 };
}
