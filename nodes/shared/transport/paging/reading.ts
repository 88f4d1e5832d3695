// One reading's pages: each checked and handed on if it joins the pages read (where it goes on after
// one that does not: rejoin.ts; docs/development.md, "Paging a listing that moves").
import { groupPageAfter, marksOf, PageChain, strideOf, type Listed, type Mark } from './chain';
import {
	checkMeta,
	countEmpty,
	listingError,
	pageSizeChanged,
	repeatsPage,
	type FetchPage,
	type ListPage,
	type Problem,
} from './pages';
import type { RunReading } from './run';

/** Where a reading goes on: the next page's offset and the assets of the page before it. */
export interface Resume {
	offset: number;
	anchor: Mark[];
}

export interface StreamOptions<T> {
	/** The offset of the first page, and the page before it that it must join (a trigger's round). */
	start: number;
	anchor?: Mark[];
	/** Whether a reading that cannot rejoin may start over from 0 (not one that would fire twice). */
	restart?: boolean;
	inFlight: number;
	maxPages: number;
	/** The page size to ask for until the service tells its own (PAGE_SIZE by default). */
	size?: number;
	/** Whether another page may be asked for now (a trigger's poll window). */
	mayAsk?: () => boolean;
	lastOffset?: number;
	problem?: Problem;
	/** Each page's assets not handed on before, in order, with where the reading goes on. */
	onPage: (items: T[], page: { offset: number; next?: Resume }) => void;
	/** Every page that answered, joined or not. */
	onAnswer?: (items: T[]) => void;
}

/** Pages in a row the same as the one before, at another offset: the service ignores offset. */
const STALLED_PAGES = 3;

/** Whether two answers hold the same assets in the same order. */
export const sameAssets = <T extends Listed>(a: ListPage<T> | undefined, b: ListPage<T>) =>
	a !== undefined && marksOf(a.data).join('\t') === marksOf(b.data).join('\t');

export class Reading<T extends Listed> implements RunReading<T> {
	readonly chain: PageChain<T>;
	readonly problem: Problem;
	pageSize = 0;
	private asked = 0;
	/** The last page handed on. */
	last?: { offset: number; page: ListPage<T> };
	private stalled?: { pages: number; offset: number };
	/** Whether it stopped (or failed) while looking for a page that joins. */
	searching = false;
	/** The furthest offset of a page handed on: a reading that goes past it made progress. */
	furthest = -1;
	/** The last name handed on (the last page that held an asset). */
	lastName?: string;
	private empty = 0;

	constructor(
		readonly fetchPage: FetchPage<T>,
		readonly options: StreamOptions<T>,
	) {
		this.chain = new PageChain<T>(options.anchor);
		this.problem = options.problem ?? listingError;
	}

	get inFlight() {
		return this.options.inFlight;
	}
	get lastOffset() {
		return this.options.lastOffset;
	}
	get onAnswer() {
		return this.options.onAnswer;
	}
	readonly size = () => this.pageSize || (this.options.size ?? 0);
	readonly stride = () => strideOf(this.pageSize);

	readonly ask = (pages = 1) => {
		if (this.asked + pages > this.options.maxPages || !(this.options.mayAsk?.() ?? true))
			return false;
		this.asked += pages;
		return true;
	};

	/** Checks a page and hands it on if it joins (or, `proven`, read again unchanged). */
	readonly handOn = (
		page: ListPage<T>,
		offset: number,
		how: 'grid' | 'probe' | 'proven' = 'grid',
	) => {
		checkMeta(page, { offset }, this.problem);
		this.empty = countEmpty(page, this.empty, offset, this.problem);
		if (this.pageSize && page.meta.limit !== this.pageSize)
			throw pageSizeChanged(this.problem, offset, page.meta.limit, this.pageSize);
		this.pageSize = page.meta.limit;
		const same =
			this.last !== undefined && this.last.offset !== offset && sameAssets(this.last.page, page);
		if (how !== 'proven' && !this.chain.joins(page.data, offset, this.options.restart ?? true))
			return false;
		this.last = { offset, page };
		const next = page.meta.hasMore
			? {
					offset: groupPageAfter(page.data, offset) ?? offset + this.stride(),
					anchor: marksOf(page.data),
				}
			: undefined;
		if (same && page.data.length > 0 && next) {
			this.stalled = {
				pages: (this.stalled?.pages ?? 0) + 1,
				offset: this.stalled?.offset ?? offset,
			};
			if (this.stalled.pages >= STALLED_PAGES) throw repeatsPage(this.problem, this.stalled.offset);
		} else this.stalled = undefined;
		this.furthest = Math.max(this.furthest, offset);
		this.lastName = page.data.at(-1)?.name ?? this.lastName;
		this.options.onPage(this.chain.take(page.data), { offset, next });
		return true;
	};
}
