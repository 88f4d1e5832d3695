// A listing's pages, their checks, and the errors that end a listing: never a silently short list.

export interface ListPage<T> {
	data: T[];
	meta: { limit: number; offset: number; hasMore: boolean };
}

/** One page; `signal` aborts it when its answer is no longer wanted (pages behind a failure). */
export type FetchPage<T> = (
	offset: number,
	limit: number,
	signal?: AbortSignal,
) => Promise<ListPage<T>>;

export const PAGE_SIZE = 100;

/** Why a listing cannot go on: `offset` is the page's (-1: none), `hint` says what to do. */
export class ListingError extends Error {
	constructor(
		message: string,
		readonly offset: number,
		readonly hint: string,
	) {
		super(message);
	}
}

export type ProblemKind = 'contract' | 'moved' | 'too-long';

export type Problem = (message: string, offset: number, hint: string, kind?: ProblemKind) => Error;
export const listingError: Problem = (message, offset, hint) =>
	new ListingError(message, offset, hint);

const ASKS_FOREVER = 'it stopped instead of asking forever. Check the base URL.';

export function checkMeta<T>(
	page: ListPage<T>,
	asked: { offset: number },
	problem: Problem = listingError,
) {
	const { meta, data } = page;
	const at = `the page at offset ${asked.offset}`;
	if (meta.offset !== asked.offset) {
		throw problem(
			`${at} came back as offset ${meta.offset}`,
			asked.offset,
			`The service does not seem to honour offset; ${ASKS_FOREVER}`,
		);
	}
	if (meta.limit < 1 || data.length > meta.limit) {
		throw problem(
			`${at} holds ${data.length} assets but says its page size (meta.limit) is ${meta.limit}`,
			asked.offset,
			'The answer contradicts itself, so the listing cannot be trusted. Check the base URL.',
		);
	}
}

/** Checks a page against its request and the ids read so far; returns the ones not read before. */
export function checkPage<T extends { id: string }>(
	page: ListPage<T>,
	asked: { offset: number; limit: number },
	seen: Set<string>,
	first: boolean,
	problem: Problem = listingError,
): T[] {
	checkMeta(page, asked, problem);
	const { data } = page;
	let unread = data;
	for (let index = 0; index < data.length; index++) {
		const item = data[index];
		if (!seen.has(item.id)) {
			seen.add(item.id);
			if (unread !== data) unread.push(item);
		} else if (unread === data) unread = data.slice(0, index);
	}
	if (!first && data.length > 0 && unread.length === 0) throw repeatsPage(problem, asked.offset);
	return unread;
}

/** A page that holds the same assets as the page before it: the service ignores offset. */
export function repeatsPage(problem: Problem, offset: number) {
	return problem(
		`the page at offset ${offset} repeats assets already read, so the listing cannot go on`,
		offset,
		`The service answered the same assets again with "hasMore": true; it seems to ignore offset; ${ASKS_FOREVER}`,
	);
}

/** Pages in a row that hold no asset yet say `hasMore` before a listing stops (about 5,000 hidden). */
export const MAX_EMPTY_PAGES = 50;

/** The empty pages in a row so far, this one counted; past the bound, an error. */
export function countEmpty<T>(page: ListPage<T>, count: number, offset: number, problem: Problem) {
	const empty = page.data.length === 0 && page.meta.hasMore ? count + 1 : 0;
	if (empty < MAX_EMPTY_PAGES) return empty;
	throw problem(
		`${empty} pages in a row, up to offset ${offset}, held no asset yet said "hasMore": true`,
		offset,
		`The service seems to promise more than it has; ${ASKS_FOREVER}`,
	);
}

export function listingMoved(problem: Problem, offset: number, breaks: number) {
	return problem(
		`the asset listing moved while it was read: ${breaks} pages in a row did not join the pages before it, so no complete list can be given`,
		offset,
		'Assets were created, removed or renamed meanwhile. Run it again, or narrow it with a Folder filter.',
		'moved',
	);
}

export function namesShared(problem: Problem, offset: number, count: number, size: number) {
	return problem(
		`${count} or more assets in a row from offset ${offset} share a name: a page of ${size} cannot show them with a different name on each side, and the service may give equal names in any order, so no complete list can be given`,
		offset,
		'Narrow it with a Folder filter, or give some of these assets other names.',
		'too-long',
	);
}

export function pageSizeChanged(problem: Problem, offset: number, limit: number, first: number) {
	return problem(
		`the page at offset ${offset} says its page size (meta.limit) is ${limit}, the first page said ${first}`,
		offset,
		'The answer contradicts itself, so the listing cannot be trusted. Check the base URL.',
	);
}

export function tooManyPages(problem: Problem, maxPages: number, size: number) {
	return problem(
		`the asset listing did not end after ${maxPages} pages of ${size}`,
		-1,
		'Narrow it with a Folder filter, or turn off Return All and set a Limit.',
		'too-long',
	);
}
