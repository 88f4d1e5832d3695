// One reading of a listing that may change while it is read: each page checked, joined to the pages
// read before it (or asked again elsewhere until one joins), and its new assets handed on once.
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
/** Pages in a row the same as the one before, at another offset: the service ignores offset. */
const MAX_REPEATS = 3;

type Page = { offset: number; limit: number; items: Listed[] };

export function readListing<T extends Listed>(fetchPage: FetchPage<T>, options: ReadOptions) {
	return new Reader(fetchPage, options).pages();
}

class Reader<T extends Listed> {
	private readonly names = new Set<string>();
	private readonly ids = new Set<string>();
	private last?: Page;
	private size: number;
	private limit = 0;
	private asked = 0;
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
		const from = options.from;
		if (from) {
			for (const [id, name] of from.marks) {
				this.ids.add(id);
				this.names.add(name);
			}
			this.last = { offset: from.offset, limit: from.limit, items: marksToItems(from.marks) };
		}
	}

	async *pages(): AsyncGenerator<PageRead<T>> {
		let at: number | undefined = this.last ? this.next(this.last) : 0;
		while (at !== undefined) {
			const broke: number | { offset: number; page: ListPage<T> } | undefined =
				yield* this.ahead(at);
			at = typeof broke === 'object' ? yield* this.lookAgain(broke.offset, broke.page) : broke;
		}
	}

	/** Pages from `from` on, side by side: where to go on (a page that did not join), or the end. */
	private async *ahead(from: number) {
		const { width, maxPages, knownEnd } = this.options;
		const most = maxPages - this.asked;
		if (most <= 0) throw ListingError.tooManyPages(maxPages, this.limit || this.size);
		const ahead = { from, size: this.size, width, most, knownEnd };
		for await (const { offset, page } of pagesAhead(this.fetchPage, ahead)) {
			const read = this.take(offset, page, 'ahead');
			yield read;
			if (read.ended) return undefined;
			if (!read.resume) return { offset, page };
			const next = this.next(this.last!);
			if (next !== offset + strideOf(this.limit)) return next;
		}
		throw ListingError.tooManyPages(maxPages, this.limit || this.size);
	}

	/**
	 * Checks a page; hands on its new assets if it joins, or (`follows`) is taken unproven. `ahead`:
	 * one of the pages side by side, `probe`: one asked alone to find the way on.
	 */
	private take(offset: number, page: ListPage<T>, how: 'ahead' | 'probe' | 'follows'): PageRead<T> {
		if (how !== 'follows') this.check(offset, page);
		const { data, meta } = page;
		const starts = offset === 0 && (this.options.restart || this.names.size === 0);
		if (how !== 'follows' && !starts && !joins(data, this.names))
			return { offset, assets: data, fresh: [], ended: false };
		const fresh = data.filter((item) => !this.ids.has(item.id));
		for (const item of data) {
			this.ids.add(item.id);
			this.names.add(item.name);
		}
		const before = this.last;
		this.last = { offset, limit: meta.limit, items: data };
		if (offset > this.reached) [this.reached, this.breaks] = [offset, 0];
		this.ended = !meta.hasMore;
		if (this.ended) return { offset, assets: data, fresh, ended: true };
		this.countAlike(offset, before, how === 'ahead' && fresh.length === 0);
		const resume = { offset, limit: meta.limit, marks: data.map(marked) };
		return { offset, assets: data, fresh, resume, ended: false };
	}

	private check(offset: number, { data, meta }: ListPage<T>) {
		this.asked++;
		if (meta.offset !== offset) throw ListingError.otherOffset(offset, meta.offset);
		if (meta.limit < 1 || data.length > meta.limit)
			throw ListingError.overfull(offset, data.length, meta.limit);
		if (this.limit && meta.limit !== this.limit && meta.limit !== this.size)
			throw ListingError.sizeChanged(offset, meta.limit, this.limit);
		this.limit = meta.limit;
	}

	/**
	 * Counts pages in a row, each at a new place, that hold no asset; and pages side by side that
	 * hold nothing new, the same as the one before (`stale`).
	 */
	private countAlike(offset: number, before: Page | undefined, stale: boolean) {
		const { items, limit } = this.last!;
		if (items.length > 0) this.empty = 0;
		else if (!before || offset > before.offset) this.empty++;
		if (this.empty >= MAX_EMPTY_PAGES) throw ListingError.empty(this.empty, offset);
		const same = stale && items.length > 0 && sameItems(before?.items ?? [], items);
		this.repeats = same ? this.repeats + 1 : 0;
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

	/**
	 * After the page at `failed` did not join: pages asked alone until one does; where to read
	 * after it (none: it ended the listing).
	 */
	private async *lookAgain(
		failed: number,
		page: ListPage<T>,
	): AsyncGenerator<PageRead<T>, number | undefined> {
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
			if (this.ended) return undefined;
			if (sameAssets(last.items, again.page.data)) {
				const across = groupAcross(last.items, data);
				const start = last.offset + lastGroupStart(last.items);
				if (across) throw ListingError.namesShared(start, across, last.limit);
				yield this.take(failed, page, 'follows');
				return this.goOn();
			}
		}
		const back = further(failed, this.limit, this.options.restart);
		for (let step = back.next(); !step.done; ) {
			const read = yield* this.ask(step.value);
			if (read.joined) return this.goOn();
			step = back.next(!read.page.meta.hasMore);
		}
		throw ListingError.lost(failed);
	}

	private goOn(): number | undefined {
		return this.ended ? undefined : this.next(this.last!);
	}

	/** One page asked alone, taken if it joins. */
	private async *ask(offset: number) {
		if (this.asked >= this.options.maxPages)
			throw ListingError.tooManyPages(this.options.maxPages, this.limit || this.size);
		const page = await this.fetchPage(offset, this.size);
		const read = this.take(offset, page, 'probe');
		yield read;
		return { page, joined: read.ended || read.resume !== undefined };
	}
}

const marked = (item: Listed): [string, string] => [item.id, item.name];
const marksToItems = (marks: Resume['marks']) => marks.map(([id, name]) => ({ id, name }));
const sameItems = (a: Listed[], b: Listed[]) =>
	a.length === b.length && a.every((item, i) => item.id === b[i].id && item.name === b[i].name);
/** The same assets, under the same names, in whatever order. */
function sameAssets(a: Listed[], b: Listed[]) {
	const marks = new Set(a.map((item) => `${item.id}\t${item.name}`));
	return a.length === b.length && b.every((item) => marks.has(`${item.id}\t${item.name}`));
}
