/**
 * Reading a listing's pages side by side and handing them on in order: the first page alone (it
 * tells the server's page size), then a window that widens as the listing proves long
 * (pageWindow.ts), each page checked (checkPage) and passed to `onPage` in order as soon as the
 * pages before it are. A failed page stops the stream: the pages before it are handed on, the
 * pages in flight behind it are aborted (their answers are never read) and none after it is
 * asked for. Pages past the end that were already asked for are dropped.
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
import { reachOf } from './pageWindow';

export interface StreamOptions<T> {
	/** The offset of the first page. */
	start: number;
	/** Pages in flight at most (w): the window reaches it as the listing proves long. */
	inFlight: number;
	/** Pages asked for at most. */
	maxPages: number;
	/** Whether another page may be asked for now (a trigger's poll window); always by default. */
	mayAsk?: () => boolean;
	/**
	 * Where the listing ended when last read: the pages up to it are asked `inFlight` at a time,
	 * those past it only once every page before has answered (so a listing that has not grown
	 * costs no request past its end), then the window widens again.
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
	const inFlight = new Map<number, { settled: Promise<void>; abort: AbortController }>();
	let end = Infinity;
	let checked = 0;
	// Pages known to exist from where the listing ended last time (none before the page size is).
	const known = () =>
		options.lastOffset === undefined || checked === 0
			? 0
			: Math.max(0, Math.floor((options.lastOffset - options.start) / size) + 1);
	// Set once a page failed or said the listing ends: nothing more is asked for.
	let stopped = false;
	let failure: { index: number; error: unknown } | undefined;
	const fail = (index: number, error: unknown) => {
		if (failure && failure.index <= index) return;
		failure = { index, error };
		stopped = true;
		for (const [behind, page] of inFlight) if (behind > index) page.abort.abort();
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
	const launch = (index: number) => {
		const abort = new AbortController();
		const settled = fetchPage(offsetOf(index), index === 0 ? PAGE_SIZE : size, abort.signal)
			.then((page) => {
				arrived.set(index, page);
				// The last page (once checked): nothing past it is wanted. The pages in flight past it
				// answer at about the same time, empty, and are dropped: aborted, they could reach the
				// server after the stream is over.
				if (!page.meta.hasMore) stopped = true;
				handOn();
			})
			.catch((error: unknown) => fail(index, error))
			.finally(() => inFlight.delete(index));
		inFlight.set(index, { settled, abort });
	};
	let next = 0;
	for (;;) {
		const reach = Math.min(reachOf(checked, options.inFlight, known()), options.maxPages);
		while (!stopped && next < reach && mayAsk()) launch(next++);
		if (inFlight.size === 0) break;
		await Promise.race(Array.from(inFlight.values(), (page) => page.settled));
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
