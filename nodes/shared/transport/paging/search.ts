// Pages in turn until enough assets match (Limit, the pickers); a cursor says where to go on.
import {
	checkPage,
	countEmpty,
	listingError,
	PAGE_SIZE,
	tooManyPages,
	type FetchPage,
	type Problem,
} from './pages';

export interface Cursor {
	offset: number;
	/** Assets of the page at `offset` already taken. */
	skip: number;
}

export interface SearchOptions<T> {
	from: Cursor;
	max: number;
	/** Which assets count; without it a page asks for no more than still needed. */
	keep?: (item: T) => boolean;
	maxPages: number;
	/** Whether reaching maxPages is an error (Limit) or a place to go on from (pickers). */
	pagesRunOut: 'fail' | 'pause';
	problem?: Problem;
}

export async function searchPages<T extends { id: string }>(
	fetchPage: FetchPage<T>,
	options: SearchOptions<T>,
): Promise<{ items: T[]; next?: Cursor }> {
	const keep = options.keep ?? (() => true);
	const problem = options.problem ?? listingError;
	const items: T[] = [];
	const seen = new Set<string>();
	let { offset, skip } = options.from;
	for (let index = 0, empty = 0; ; index++) {
		if (index >= options.maxPages) {
			if (options.pagesRunOut === 'fail') throw tooManyPages(problem, options.maxPages, PAGE_SIZE);
			return { items, next: { offset, skip } };
		}
		const still = options.max - items.length + skip;
		const limit = options.keep ? PAGE_SIZE : Math.min(PAGE_SIZE, still);
		const page = await fetchPage(offset, limit);
		empty = countEmpty(page, empty, offset, problem);
		// Repeats are left out of the result; positions still count the page as it came.
		const unread = new Set(checkPage(page, { offset, limit }, seen, index === 0, problem));
		for (let position = skip; position < page.data.length; position++) {
			const item = page.data[position];
			if (unread.has(item) && keep(item)) items.push(item);
			if (items.length >= options.max) {
				const more = position + 1 < page.data.length || page.meta.hasMore;
				const next = position + 1 < page.data.length ? { offset, skip: position + 1 } : undefined;
				return {
					items,
					next: more ? (next ?? { offset: offset + page.meta.limit, skip: 0 }) : undefined,
				};
			}
		}
		if (!page.meta.hasMore) return { items };
		offset += page.meta.limit;
		skip = 0;
	}
}

/** A cursor as a picker's pagination token, and back ('200' or '200+37'). */
export function cursorToken(cursor: Cursor): string {
	return cursor.skip > 0 ? `${cursor.offset}+${cursor.skip}` : String(cursor.offset);
}

export function cursorFromToken(token: string | undefined): Cursor {
	const match = /^(\d+)(?:\+(\d+))?$/.exec(token ?? '');
	if (!match) return { offset: 0, skip: 0 };
	return { offset: Number(match[1]), skip: Number(match[2] ?? 0) };
}
