/**
 * Reading a listing's pages side by side and handing them on in order, as one exact reading of a
 * listing that may change meanwhile: pages overlap by one asset and each must join the ones
 * before (pageChain.ts); a page that does not is asked again near where it should be (a probe),
 * and the reading goes on from there. A failed page stops the stream; pages behind it are aborted.
 */
import { marksOf, PageChain, Probes, type Listed, type Mark } from './pageChain';
import {
	checkMeta,
	listingError,
	listingMoved,
	pageSizeChanged,
	PAGE_SIZE,
	repeatsPage,
	tooManyPages,
	type FetchPage,
	type ListPage,
	type Problem,
} from './paging';
import { reachOf } from './pageWindow';

/** Where a reading goes on: the next page's offset and the assets of the page before it. */
export interface Resume {
	offset: number;
	anchor: Mark[];
}

export interface StreamOptions<T> {
	/** The offset of the first page. */
	start: number;
	/** The page the reading stopped at before (a trigger's round), which the first page must join. */
	anchor?: Mark[];
	/** Whether a reading that cannot rejoin may start over from offset 0 (not when it fires what exists). */
	restart?: boolean;
	/** Pages in flight at most (w): the window reaches it as the listing proves long. */
	inFlight: number;
	/** Pages asked for at most. */
	maxPages: number;
	/** Whether another page may be asked for now (a trigger's poll window); always by default. */
	mayAsk?: () => boolean;
	/** Where the listing ended when last read: pages up to it go `inFlight` at a time. */
	lastOffset?: number;
	problem?: Problem;
	/** Each page's assets not handed on before, in order, with where the reading goes on. */
	onPage: (items: T[], page: { offset: number; next?: Resume }) => void;
	/** Every page that answered, in the order they came, joined or not. */
	onAnswer?: (items: T[]) => void;
}

/** How a stream ended: at the listing's end, or not (stopped, failed, or lost its place). */
export type StreamEnd = { pageSize: number } & (
	| { ended: true }
	| { ended: false; failure?: unknown; lost?: boolean }
);

/** Breaks in one reading (pages that did not join) before it gives up: the listing kept moving. */
export const MAX_BREAKS = 16;
/** Pages in a row the same as the one before (at another offset): the service ignores offset. */
const STALLED_PAGES = 3;

type Run =
	| { end: 'ended' | 'stopped' }
	| { end: 'failed'; error: unknown }
	| { end: 'broken'; at: number; page?: ListPage<unknown> };

export async function streamPages<T extends Listed>(
	fetchPage: FetchPage<T>,
	options: StreamOptions<T>,
): Promise<StreamEnd> {
	const problem = options.problem ?? listingError;
	const mayAsk = options.mayAsk ?? (() => true);
	const restart = options.restart ?? true;
	const chain = new PageChain<T>(options.anchor);
	let size = 0;
	let asked = 0;
	let last: { offset: number; page: ListPage<T> } | undefined;
	// Pages in a row that hold the same assets as the page before: a service that ignores offset.
	let stalled: { pages: number; offset: number } | undefined;
	const stride = () => Math.max(1, size - 1);

	/**
	 * Checks a page in order; hands it on if it joins (a page read again `proven` always does).
	 * False: it does not join.
	 */
	const handOn = (page: ListPage<T>, offset: number, how: 'grid' | 'probe' | 'proven'): boolean => {
		checkMeta(page, { offset }, problem);
		if (size && page.meta.limit !== size)
			throw pageSizeChanged(problem, offset, page.meta.limit, size);
		size = page.meta.limit;
		const same = last !== undefined && last.offset !== offset && sameAssets(last.page, page);
		if (how !== 'proven' && !chain.joins(page.data, offset, restart)) return false;
		last = { offset, page };
		const next = page.meta.hasMore
			? { offset: offset + stride(), anchor: marksOf(page.data) }
			: undefined;
		const fresh = chain.take(page.data);
		if (same && page.data.length > 0 && next) {
			stalled = { pages: (stalled?.pages ?? 0) + 1, offset: stalled?.offset ?? offset };
			if (stalled.pages >= STALLED_PAGES) throw repeatsPage(problem, stalled.offset);
		} else stalled = undefined;
		options.onPage(fresh, { offset, next });
		return true;
	};

	/** Pages from `from` on the grid, side by side, until the end, a stop, a failure or a break. */
	const run = async (from: number): Promise<Run> => {
		const offsetOf = (index: number) => from + index * stride();
		const arrived = new Map<number, ListPage<T>>();
		const inFlight = new Map<number, { settled: Promise<void>; abort: AbortController }>();
		// The first page known to end the listing, and where the run stopped (a failure, a break, the end).
		let endAt = Infinity;
		let stopAt = Infinity;
		let result: Run | undefined;
		let checked = 0;
		const known = () =>
			options.lastOffset === undefined || !size
				? 0
				: Math.max(0, Math.floor((options.lastOffset - from) / stride()) + 1);
		const stop = (index: number, outcome: Run) => {
			// Past the listing's end, or behind an earlier stop: moot.
			if (index > endAt || index >= stopAt) return;
			stopAt = index;
			result = outcome;
			// Pages past the end answer about as soon, empty: aborted, they could reach the server later.
			if (outcome.end === 'ended') return;
			for (const [behind, page] of inFlight) if (behind > index) page.abort.abort();
		};
		const inOrder = () => {
			for (let page = arrived.get(checked); checked < stopAt && page; page = arrived.get(checked)) {
				arrived.delete(checked);
				try {
					if (!handOn(page, offsetOf(checked), 'grid'))
						return stop(checked, { end: 'broken', at: offsetOf(checked), page });
				} catch (error) {
					return stop(checked, { end: 'failed', error });
				}
				if (!page.meta.hasMore) return stop(checked, { end: 'ended' });
				checked++;
			}
		};
		const launch = (index: number) => {
			const abort = new AbortController();
			asked++;
			const settled = fetchPage(offsetOf(index), size || PAGE_SIZE, abort.signal)
				.then((page) => {
					options.onAnswer?.(page.data);
					arrived.set(index, page);
					// An end: nothing past it is wanted (the pages under way past it are dropped).
					if (!page.meta.hasMore) endAt = Math.min(endAt, index);
					inOrder();
				})
				.catch((error: unknown) => stop(index, { end: 'failed', error }))
				.finally(() => inFlight.delete(index));
			inFlight.set(index, { settled, abort });
		};
		let next = 0;
		for (;;) {
			const wanted = Math.min(endAt + 1, stopAt);
			const reach = Math.min(reachOf(checked, options.inFlight, known()), wanted);
			while (!result && next < reach && asked < options.maxPages && mayAsk()) launch(next++);
			if (inFlight.size === 0) break;
			await Promise.race(Array.from(inFlight.values(), (page) => page.settled));
		}
		return result ?? { end: 'stopped' };
	};

	/** Pages near `at` asked one at a time until one joins; where the reading goes on, if any. */
	const rejoin = async (at: number): Promise<Run | number> => {
		const probes = new Probes(at, size || PAGE_SIZE, restart);
		for (let offset = probes.next(); offset !== undefined; offset = probes.next()) {
			if (asked >= options.maxPages || !mayAsk()) return { end: 'stopped' };
			asked++;
			try {
				const page = await fetchPage(offset, size || PAGE_SIZE);
				options.onAnswer?.(page.data);
				if (!handOn(page, offset, 'probe')) {
					if (!page.meta.hasMore) probes.pastTheEnd();
					continue;
				}
				return page.meta.hasMore ? offset + stride() : { end: 'ended' };
			} catch (error) {
				return { end: 'failed', error };
			}
		}
		return { end: 'broken', at };
	};

	/**
	 * A page that shares no asset with the one before because assets left out of pages (hidden,
	 * internal-only) hide the overlap: it joins if both pages read again the same.
	 */
	const readAgainTheSame = async (page: ListPage<T>, at: number): Promise<boolean> => {
		const before = last;
		if (!before || !(leftOut(before.page) || leftOut(page))) return false;
		if (asked + 2 > options.maxPages || !mayAsk()) return false;
		asked += 2;
		const [again, pageAgain] = await Promise.all([
			fetchPage(before.offset, size).catch(() => undefined),
			fetchPage(at, size).catch(() => undefined),
		]);
		return (
			sameAssets(again, before.page) && sameAssets(pageAgain, page) && handOn(page, at, 'proven')
		);
	};

	let from: number | Run = options.start;
	for (let breaks = 0; typeof from === 'number'; ) {
		const result = await run(from);
		if (result.end !== 'broken') from = result;
		else if (result.page && (await readAgainTheSame(result.page as ListPage<T>, result.at)))
			from = result.page.meta.hasMore ? result.at + stride() : { end: 'ended' };
		else if (++breaks > MAX_BREAKS)
			from = { end: 'failed', error: listingMoved(problem, result.at, breaks) };
		else from = await rejoin(result.at);
	}
	const pageSize = size || PAGE_SIZE;
	if (from.end === 'ended') return { ended: true, pageSize };
	if (from.end === 'failed') return { ended: false, failure: from.error, pageSize };
	return from.end === 'broken'
		? { ended: false, lost: true, pageSize }
		: { ended: false, pageSize };
}

/** A page with assets left out (fewer than its size, and more to come). */
const leftOut = (page: ListPage<unknown>) =>
	page.meta.hasMore && page.data.length < page.meta.limit;

const sameAssets = <T extends Listed>(a: ListPage<T> | undefined, b: ListPage<T>) =>
	a !== undefined && marksOf(a.data).join('\t') === marksOf(b.data).join('\t');

/** Every asset from `start` to the end of the listing; more than `maxPages` pages is an error. */
export async function readAllPages<T extends Listed>(
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
