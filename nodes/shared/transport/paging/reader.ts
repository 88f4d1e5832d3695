// One reading of a listing that may change: each page joined or asked again, new assets handed on.
import { ListingError } from './errors';
import { groupAcross, joins, lastGroupStart, type Listed } from './names';
import { pagesAhead, strideOf, type FetchPage, type ListPage } from './pages';
import { further, nearer } from './search';

/** The page a reading read last, as a later reading goes on from it: [id, name] of each asset. */
export interface Resume {
	offset: number;
	limit: number;
	marks: Array<[id: string, name: string]>;
}

/** The page size asked for unless told another, and at most: the most the API gives. */
const PAGE_SIZE = 100;

interface ReadOptions {
	/** Go on after this page (a trigger's round, a picker's token); none: from the first page. */
	from?: Resume;
	/** Whether the first page starts the reading over (not where that would hand assets on twice). */
	restart: boolean;
	/** The page size to ask for (PAGE_SIZE, at most); the service's `meta.limit` is the one used. */
	size?: number;
	/** Pages in flight at most, and asked at most (then it fails: the listing does not end). */
	width: number;
	maxPages: number;
	/** Where the listing ended when last read. */
	knownEnd?: number;
}

/** One page answered: its assets, those handed on for the first time, and where a reading goes on. */
interface PageRead<T> {
	offset: number;
	assets: T[];
	fresh: T[];
	/** Set when the page joined and the listing goes on after it. */
	resume?: Resume;
	ended: boolean;
}

/** Pages in a row that did not join, with the reading no further between them, before it fails. */
const MAX_BREAKS = 16;
/** Pages in a row that hold no asset yet say `hasMore`, crossed before it fails (about 5,000 left out). */
const MAX_EMPTY_PAGES = 50;
/** Pages side by side in a row that repeat the one before: the service ignores offset. */
const MAX_REPEATS = 3;

type Page = { offset: number; limit: number; items: Listed[] };
type Read<T> = AsyncGenerator<PageRead<T>, number | undefined>;

export function readListing<T extends Listed>(fetchPage: FetchPage<T>, options: ReadOptions) {
	return new Reader(fetchPage, options).pages();
}

class Reader<T extends Listed> {
	private readonly names = new Set<string>();
	private readonly ids = new Set<string>();
	/** The page read last, which the next page must join. */
	private last?: Page;
	private size: number;
	/** The service's page size, as its first answer said. */
	private limit = 0;
	private asked = 0;
	/** In a row: pages at new places that held no asset, pages side by side that repeated the one
	 * before, pages that did not join with the reading no further (since `reached`). */
	private empty = 0;
	private repeats = 0;
	private breaks = 0;
	private reached = -1;
	private ended = false;

	constructor(
		private readonly fetchPage: FetchPage<T>,
		private readonly options: ReadOptions,
	) {
		this.size = Math.min(options.size ?? PAGE_SIZE, PAGE_SIZE);
		const { from } = options;
		if (from) {
			const items = from.marks.map(([id, name]) => ({ id, name }));
			this.handOn(items);
			this.last = { offset: from.offset, limit: from.limit, items };
		}
	}

	async *pages(): AsyncGenerator<PageRead<T>> {
		let at: number | undefined = this.last ? this.next(this.last) : 0;
		while (at !== undefined) at = yield* this.ahead(at);
	}

	/** Pages from `from` on, side by side, until one does not join (then it looks again) or the
	 * plan leaves their stride; where to read next (none: the listing ended). */
	private async *ahead(from: number): Read<T> {
		let failed: { offset: number; page: ListPage<T> } | undefined;
		let jump: number | undefined;
		for await (const { offset, page } of this.fetch(from, this.options.width)) {
			const read = this.take(offset, page, 'ahead');
			yield read;
			if (read.ended) return undefined;
			const next = read.resume && this.next(this.last!);
			if (next === undefined) failed = { offset, page };
			else if (next !== offset + strideOf(this.limit)) jump = next;
			if (failed || jump !== undefined) break;
		}
		// Out of the loop, the pages under way past it are cancelled before any is asked again.
		if (failed) return yield* this.lookAgain(failed.offset, failed.page);
		if (jump !== undefined) return jump;
		throw this.unending();
	}

	/** The pages from `from` on, `width` in flight, as many as may still be asked (with none left,
	 * none: its caller then fails as unending). */
	private fetch(from: number, width: number) {
		const { maxPages, knownEnd } = this.options;
		const most = maxPages - this.asked;
		return pagesAhead(this.fetchPage, { from, size: this.size, width, most, knownEnd });
	}

	/**
	 * Takes a page: hands on its new assets if it joins the pages read, or (`follows`) unproven.
	 * `ahead`: one of the pages side by side; `probe`: one asked alone to find the way on.
	 */
	private take(offset: number, page: ListPage<T>, how: 'ahead' | 'probe' | 'follows') {
		const { data, meta } = page;
		if (how !== 'follows') this.count(offset, meta.limit);
		const read: PageRead<T> = { offset, assets: data, fresh: [], ended: false };
		const starts = offset === 0 && (this.options.restart || this.names.size === 0);
		if (how !== 'follows' && !starts && !joins(data, this.names)) return read;
		read.fresh = this.handOn(data);
		const before = this.last;
		this.last = { offset, limit: meta.limit, items: data };
		if (offset > this.reached) [this.reached, this.breaks] = [offset, 0];
		this.ended = read.ended = !meta.hasMore;
		if (this.ended) return read;
		this.countAlike(before, how === 'ahead' && read.fresh.length === 0);
		read.resume = { offset, limit: meta.limit, marks: data.map(marked) };
		return read;
	}

	/** The assets not handed on before; all of them and their names count as read from now on. */
	private handOn(items: T[] | Listed[]) {
		const fresh = items.filter((item) => !this.ids.has(item.id));
		for (const item of items) {
			this.ids.add(item.id);
			this.names.add(item.name);
		}
		return fresh as T[];
	}

	/** Counts a page asked; its page size must be the first answer's (or, grown, the one asked). */
	private count(offset: number, limit: number) {
		this.asked++;
		if (this.limit && limit !== this.limit && limit !== this.size)
			throw ListingError.sizeChanged(offset, limit, this.limit);
		this.limit = limit;
	}

	/** Pages in a row at new places that held no asset, or side by side that repeated the one before. */
	private countAlike(before: Page | undefined, stale: boolean) {
		const { offset, items, limit } = this.last!;
		if (items.length > 0) this.empty = 0;
		else if (!before || offset > before.offset) this.empty++;
		if (this.empty >= MAX_EMPTY_PAGES) throw ListingError.empty(this.empty, offset);
		// Side by side, an empty page is taken only at offset 0, never three in a row.
		const repeated = stale && before && sameAssets(before.items, items);
		this.repeats = repeated ? this.repeats + 1 : 0;
		if (this.repeats >= MAX_REPEATS)
			throw ListingError.repeats(offset - (MAX_REPEATS - 1) * strideOf(limit));
	}

	/** Where to read after `page`: from the asset before its last group, wherever assets left out
	 * of pages stand; a page too small to go on from is asked again whole. */
	private next(page: Page): number {
		const start = lastGroupStart(page.items);
		const hidden = page.limit - page.items.length;
		if (start >= 1 && hidden + start >= 2) return page.offset + hidden + start - 1;
		if (page.limit === this.size && this.size < PAGE_SIZE) {
			this.size = PAGE_SIZE;
			return page.offset;
		}
		if (hidden === 0)
			throw ListingError.namesShared(page.offset + start, page.limit - start, page.limit);
		return page.offset + strideOf(page.limit);
	}

	/** After the page at `failed` did not join: pages asked alone until one does (search.ts). */
	private async *lookAgain(failed: number, page: ListPage<T>): Read<T> {
		if (++this.breaks > MAX_BREAKS) throw ListingError.moved(failed, this.breaks);
		const last = this.last!;
		const near = nearer(last.offset, lastGroupStart(last.items), failed);
		for (let step = near.next(); !step.done && !this.ended; )
			step = near.next((yield* this.ask(step.value)).joined);
		if (this.last !== last) return this.goOn();
		// Where assets left out of pages may hide the way on: the page read last, again. Unchanged,
		// the listing did not move there, and only such assets stand between it and the page that
		// did not join, which is taken; unless a group of equal names spans that seam, which no page
		// can show whole.
		const { data, meta } = page;
		if (last.items.length < last.limit || (meta.hasMore && data.length < meta.limit)) {
			const again = yield* this.ask(last.offset);
			if (this.ended || !sameAssets(last.items, again.page.data)) return yield* this.back(failed);
			const across = groupAcross(last.items, data);
			const start = last.offset + lastGroupStart(last.items);
			if (across) throw ListingError.namesShared(start, across, last.limit);
			yield this.take(failed, page, 'follows');
			return this.goOn();
		}
		return yield* this.back(failed);
	}

	/** Further back (or, where it may not start over, forward first) until a page joins. */
	private async *back(failed: number): Read<T> {
		const back = further(failed, this.limit, this.options.restart);
		for (let step = back.next(); !step.done && !this.ended; ) {
			const read = yield* this.ask(step.value);
			if (read.joined) return this.goOn();
			step = back.next(!read.page.meta.hasMore);
		}
		if (this.ended) return undefined;
		throw ListingError.lost(failed);
	}

	private unending() {
		return ListingError.tooManyPages(this.options.maxPages, this.limit || this.size);
	}

	private goOn(): number | undefined {
		return this.ended ? undefined : this.next(this.last!);
	}

	/** One page asked alone, taken if it joins. */
	private async *ask(offset: number) {
		for await (const { page } of this.fetch(offset, 1)) {
			const read = this.take(offset, page, 'probe');
			yield read;
			return { page, joined: read.ended || read.resume !== undefined };
		}
		throw this.unending();
	}
}

const marked = (item: Listed): [string, string] => [item.id, item.name];
/** The same assets, under the same names, in whatever order. */
function sameAssets(a: Listed[], b: Listed[]) {
	const marks = new Set(a.map((item) => `${item.id}\t${item.name}`));
	return a.length === b.length && b.every((item) => marks.has(`${item.id}\t${item.name}`));
}
