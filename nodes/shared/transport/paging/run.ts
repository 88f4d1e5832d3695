// A run of overlapping pages side by side, handed on in order until the end, a stop or a break.
import { PAGE_SIZE, type FetchPage, type ListPage } from './pages';

export type Run =
	| { end: 'ended' | 'stopped' }
	| { end: 'failed'; error: unknown }
	| { end: 'broken'; at: number; page?: ListPage<unknown> };

export interface RunReading<T> {
	fetchPage: FetchPage<T>;
	inFlight: number;
	/** Where the listing ended when last read: pages up to it need no ramp. */
	lastOffset?: number;
	/** The server's page size, once the first page told it (0 before). */
	size: () => number;
	/** Whether another page may be asked for now; counts it when it may. */
	ask: () => boolean;
	onAnswer?: (items: T[]) => void;
	/** Hands a page on in order: false when it does not join (it throws a contract break). */
	handOn: (page: ListPage<T>, offset: number) => boolean;
}

// One past the last page index that may be asked for: the first page alone, then a window doubling
// each round trip up to `width`; pages a former reading saw (`known`) go `width` at a time.
export function reachOf(handedOn: number, width: number, known = 0): number {
	if (handedOn === 0) return 1;
	if (handedOn < known) return Math.min(handedOn + width, known);
	return handedOn + Math.min(width, 1 + handedOn - known);
}

export async function runPages<T>(reading: RunReading<T>, from: number): Promise<Run> {
	const stride = () => Math.max(1, reading.size() - 1);
	const offsetOf = (index: number) => from + index * stride();
	const arrived = new Map<number, ListPage<T>>();
	const inFlight = new Map<number, { settled: Promise<void>; abort: AbortController }>();
	let endAt = Infinity; // the first page known to end the listing
	let stopAt = Infinity; // where the run stopped: a failure, a break, the end
	let result: Run | undefined;
	let checked = 0;
	const known = () =>
		reading.lastOffset === undefined || !reading.size()
			? 0
			: Math.max(0, Math.floor((reading.lastOffset - from) / stride()) + 1);
	const stop = (index: number, outcome: Run) => {
		if (index > endAt || index >= stopAt) return; // past the end, or behind an earlier stop
		stopAt = index;
		result = outcome;
		// Pages past the end answer about as soon; aborted, they could reach the server later.
		if (outcome.end === 'ended') return;
		for (const [behind, page] of inFlight) if (behind > index) page.abort.abort();
	};
	const inOrder = () => {
		for (let page = arrived.get(checked); checked < stopAt && page; page = arrived.get(checked)) {
			arrived.delete(checked);
			try {
				if (!reading.handOn(page, offsetOf(checked)))
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
		const settled = reading
			.fetchPage(offsetOf(index), reading.size() || PAGE_SIZE, abort.signal)
			.then((page) => {
				reading.onAnswer?.(page.data);
				arrived.set(index, page);
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
		const reach = Math.min(reachOf(checked, reading.inFlight, known()), wanted);
		while (!result && next < reach && reading.ask()) launch(next++);
		if (inFlight.size === 0) break;
		await Promise.race(Array.from(inFlight.values(), (page) => page.settled));
	}
	return result ?? { end: 'stopped' };
}
