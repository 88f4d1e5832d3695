// A listing's pages from one offset on, fetched ahead, checked and handed on in order.
import { ListingError } from './errors';

export interface ListPage<T> {
	data: T[];
	meta: { limit: number; offset: number; hasMore: boolean };
}

/** One page; `signal` aborts it when its answer is no longer wanted. */
export type FetchPage<T> = (
	offset: number,
	limit: number,
	signal?: AbortSignal,
) => Promise<ListPage<T>>;

interface Ahead {
	from: number;
	/** The page size to ask for; the first answer's `meta.limit` is the one that counts. */
	size: number;
	/** Pages in flight at most. */
	width: number;
	/** Pages asked at most. */
	most: number;
	/** Where the listing ended when last read: pages up to it need no ramp. */
	knownEnd?: number;
}

/** Pages of `size` overlap by two, so that a quiet listing always shows a name read before. */
export const strideOf = (size: number) => Math.max(1, size - 2);

/**
 * How many pages may be asked once `handedOn` are: the first alone, then a window doubling each
 * round trip up to `width`; the `known` pages a former reading saw go `width` at a time.
 */
export function reachOf(handedOn: number, width: number, known = 0): number {
	if (handedOn === 0) return 1;
	if (handedOn < known) return Math.min(handedOn + width, known);
	return handedOn + Math.min(width, 1 + handedOn - known);
}

type InFlight<T> = { answer: Promise<ListPage<T>>; abort: AbortController };

export async function* pagesAhead<T>(
	fetchPage: FetchPage<T>,
	ahead: Ahead,
): AsyncGenerator<{ offset: number; page: ListPage<T> }> {
	const inFlight = new Map<number, InFlight<T>>();
	let [size, stride, launched, last] = [ahead.size, 0, 0, ahead.most - 1];
	const offsetOf = (index: number) => ahead.from + index * stride;
	const launch = (index: number) => {
		const abort = new AbortController();
		const answer = fetchPage(offsetOf(index), size, abort.signal);
		// Nothing is asked past a page that ends the listing or fails, and a failure aborts the pages
		// behind it at once: their answers are no longer wanted.
		answer.then(
			(page) => void (page.meta.hasMore || (last = Math.min(last, index))),
			() => {
				last = Math.min(last, index);
				for (const [behind, page] of inFlight) if (behind > index) page.abort.abort();
			},
		);
		inFlight.set(index, { answer, abort });
	};
	try {
		for (let index = 0; index <= last; index++) {
			const known = ahead.knownEnd === undefined || !stride ? 0 : knownPages(ahead, stride);
			const reach = Math.min(reachOf(index, ahead.width, known), last + 1);
			while (launched < reach) launch(launched++);
			const page = checked(offsetOf(index), await inFlight.get(index)!.answer);
			inFlight.delete(index);
			if (index === 0) [size, stride] = [page.meta.limit, strideOf(page.meta.limit)];
			// The page that ends the listing lowered `last` as it came: the loop ends with it.
			yield { offset: offsetOf(index), page };
		}
	} finally {
		// Left early (or past the end): the pages under way are no longer wanted.
		for (const { abort } of inFlight.values()) abort.abort();
	}
}

const knownPages = (ahead: Ahead, stride: number) =>
	Math.max(0, Math.floor((ahead.knownEnd! - ahead.from) / stride) + 1);

/** A page as its request asked: the offset asked for, no more assets than the size it says. */
function checked<T>(offset: number, page: ListPage<T>) {
	const { data, meta } = page;
	if (meta.offset !== offset) throw ListingError.otherOffset(offset, meta.offset);
	if (meta.limit < 1 || data.length > meta.limit)
		throw ListingError.overfull(offset, data.length, meta.limit);
	return page;
}
