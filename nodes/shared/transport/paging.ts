/**
 * The paging plan of List assets, against a `fetchPage` callback (no HTTP here). The contract:
 * "increase offset by limit until hasMore is false", where `meta.limit` is the page size the
 * server used. So the next offset is this offset plus `meta.limit`, whatever the page held (a
 * page may be short when internal-only assets are left out of it), and only `hasMore: false`
 * ends a listing. An answer that contradicts the request or an earlier page ends the listing
 * with a ListingError: never a silently short list.
 */

export interface ListPage<T> {
	data: T[];
	meta: { limit: number; offset: number; hasMore: boolean };
}

export type FetchPage<T> = (offset: number, limit: number) => Promise<ListPage<T>>;

/** The API's largest page. */
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

/** How a listing's problem becomes an error: a ListingError unless the caller says otherwise. */
export type Problem = (message: string, offset: number, hint: string) => Error;
export const listingError: Problem = (message, offset, hint) =>
	new ListingError(message, offset, hint);

const ASKS_FOREVER = 'it stopped instead of asking forever. Check the base URL.';

/**
 * Checks one page against its request and the ids read so far; returns the assets not read
 * before (a listing that shifts between requests repeats a few).
 */
export function checkPage<T extends { id: string }>(
	page: ListPage<T>,
	asked: { offset: number; limit: number },
	seen: Set<string>,
	first: boolean,
	problem: Problem = listingError,
): T[] {
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
	const unread = data.filter((item) => !seen.has(item.id) && seen.add(item.id));
	if (!first && data.length > 0 && unread.length === 0) {
		throw problem(
			`${at} repeats assets already read, so the listing cannot go on`,
			asked.offset,
			`The service answered the same assets again with "hasMore": true; it seems to ignore offset; ${ASKS_FOREVER}`,
		);
	}
	return unread;
}

/**
 * Every page from `start`: the first alone (it tells the server's page size), then the rest side
 * by side, `inFlight` at a time, each checked in order as it arrives. Pages past the end that
 * were already asked for are dropped. More than `maxPages` pages is a ListingError.
 */
export async function readAllPages<T extends { id: string }>(
	fetchPage: FetchPage<T>,
	options: { start: number; inFlight: number; maxPages: number; problem?: Problem },
): Promise<T[]> {
	const problem = options.problem ?? listingError;
	const seen = new Set<string>();
	const first = await fetchPage(options.start, PAGE_SIZE);
	const pages: T[][] = [
		checkPage(first, { offset: options.start, limit: PAGE_SIZE }, seen, true, problem),
	];
	if (!first.meta.hasMore) return pages[0];
	const size = first.meta.limit;
	const offsetOf = (index: number) => options.start + index * size;
	const arrived = new Map<number, ListPage<T>>();
	let end = Infinity;
	let checked = 1;
	let failure: { index: number; error: unknown } | undefined;
	const fail = (index: number, error: unknown) => {
		if (!failure || index < failure.index) failure = { index, error };
	};
	const checkArrived = () => {
		for (let page = arrived.get(checked); checked <= end && page; page = arrived.get(checked)) {
			arrived.delete(checked);
			try {
				if (page.meta.limit !== size)
					throw pageSizeChanged(problem, offsetOf(checked), page.meta.limit, size);
				pages[checked] = checkPage(
					page,
					{ offset: offsetOf(checked), limit: size },
					seen,
					false,
					problem,
				);
			} catch (error) {
				return fail(checked, error);
			}
			if (!page.meta.hasMore) end = checked;
			checked++;
		}
	};
	const inFlight = new Map<number, Promise<void>>();
	let next = 1;
	const launch = (index: number) => {
		const request = fetchPage(offsetOf(index), size)
			.then((page) => {
				arrived.set(index, page);
				checkArrived();
			})
			.catch((error: unknown) => fail(index, error))
			.finally(() => inFlight.delete(index));
		inFlight.set(index, request);
	};
	for (;;) {
		while (!failure && next <= end && next < options.maxPages && inFlight.size < options.inFlight) {
			launch(next++);
		}
		if (inFlight.size === 0) break;
		await Promise.race(inFlight.values());
	}
	if (failure && failure.index <= end) throw failure.error;
	if (end === Infinity) throw tooManyPages(problem, options.maxPages, size);
	return pages.slice(0, end + 1).flat();
}

function pageSizeChanged(problem: Problem, offset: number, limit: number, first: number) {
	return problem(
		`the page at offset ${offset} says its page size (meta.limit) is ${limit}, the first page said ${first}`,
		offset,
		'The answer contradicts itself, so the listing cannot be trusted. Check the base URL.',
	);
}

export function tooManyPages(problem: Problem, maxPages: number, size: number) {
	return problem(
		`the asset listing did not end after ${maxPages} pages (${maxPages * size} assets)`,
		-1,
		'Narrow it with a Folder filter, or turn off Return All and set a Limit.',
	);
}
