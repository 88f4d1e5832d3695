/**
 * Reading a listing's pages side by side and handing them on in order: the first page alone (it
 * tells the server's page size), then the rest `inFlight` at a time, each checked (checkPage) and
 * passed to `onPage` in order as soon as the pages before it are. A failed page stops the
 * stream: the pages before it have been handed on, none after it will be. Pages past the end
 * that were already asked for are dropped.
 */
import {
	checkPage,
	listingError,
	pageSizeChanged,
	PAGE_SIZE,
	tooManyPages,
	type FetchPage,
	type ListPage,
	type Problem,
} from './paging';

export interface StreamOptions<T> {
	/** The offset of the first page. */
	start: number;
	inFlight: number;
	/** Pages asked for at most. */
	maxPages: number;
	/** Whether another page may be asked for now (a trigger's poll window); always by default. */
	mayAsk?: () => boolean;
	/**
	 * Where the listing ended when last read: pages past it are asked for only once every page
	 * before has answered (so a listing that has not grown costs no request past its end).
	 */
	lastOffset?: number;
	problem?: Problem;
	/** Each page's assets not handed on before, in order; `next` is the following page's offset. */
	onPage: (items: T[], next: number | undefined) => void;
}

/**
 * How a stream ended: at the listing's end, or not (stopped by maxPages or mayAsk, or by a
 * failure); `pageSize` is the server's.
 */
export type StreamEnd = { pageSize: number } & (
	| { ended: true }
	| { ended: false; failure?: unknown }
);

export async function streamPages<T extends { id: string }>(
	fetchPage: FetchPage<T>,
	options: StreamOptions<T>,
): Promise<StreamEnd> {
	const problem = options.problem ?? listingError;
	const mayAsk = options.mayAsk ?? (() => true);
	const seen = new Set<string>();
	let size = PAGE_SIZE;
	const offsetOf = (index: number) => options.start + index * size;
	const arrived = new Map<number, ListPage<T>>();
	let end = Infinity;
	let checked = 0;
	let failure: { index: number; error: unknown } | undefined;
	const fail = (index: number, error: unknown) => {
		if (!failure || index < failure.index) failure = { index, error };
	};
	const handOn = () => {
		for (let page = arrived.get(checked); checked <= end && page; page = arrived.get(checked)) {
			arrived.delete(checked);
			try {
				if (checked > 0 && page.meta.limit !== size)
					throw pageSizeChanged(problem, offsetOf(checked), page.meta.limit, size);
				const asked = { offset: offsetOf(checked), limit: checked === 0 ? PAGE_SIZE : size };
				const items = checkPage(page, asked, seen, checked === 0, problem);
				if (checked === 0) size = page.meta.limit;
				if (!page.meta.hasMore) end = checked;
				options.onPage(items, page.meta.hasMore ? offsetOf(checked + 1) : undefined);
			} catch (error) {
				return fail(checked, error);
			}
			checked++;
		}
	};
	const inFlight = new Map<number, Promise<void>>();
	const launch = (index: number) => {
		const request = fetchPage(offsetOf(index), index === 0 ? PAGE_SIZE : size)
			.then((page) => {
				arrived.set(index, page);
				handOn();
			})
			.catch((error: unknown) => fail(index, error))
			.finally(() => inFlight.delete(index));
		inFlight.set(index, request);
	};
	let next = 0;
	for (;;) {
		// The first page alone: the rest are asked for once it tells the page size.
		const width = checked === 0 ? 1 : options.inFlight;
		const pastEnd = (index: number) =>
			options.lastOffset !== undefined && offsetOf(index) > options.lastOffset;
		while (!failure && next <= end && next < options.maxPages && inFlight.size < width) {
			if (!mayAsk() || (pastEnd(next) && inFlight.size > 0)) break;
			launch(next++);
		}
		if (inFlight.size === 0) break;
		await Promise.race(inFlight.values());
	}
	if (failure && failure.index <= end)
		return { ended: false, failure: failure.error, pageSize: size };
	return { ended: end !== Infinity, pageSize: size };
}

/** Every asset from `start` to the end of the listing; more than `maxPages` pages is an error. */
export async function readAllPages<T extends { id: string }>(
	fetchPage: FetchPage<T>,
	options: Omit<StreamOptions<T>, 'onPage' | 'mayAsk'>,
): Promise<T[]> {
	const items: T[] = [];
	const outcome = await streamPages(fetchPage, {
		...options,
		onPage: (page) => {
			for (const item of page) items.push(item);
		},
	});
	if (outcome.ended) return items;
	if ('failure' in outcome && outcome.failure !== undefined) throw outcome.failure;
	throw tooManyPages(options.problem ?? listingError, options.maxPages, outcome.pageSize);
}
