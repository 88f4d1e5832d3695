// A run of overlapping pages side by side, handed on in order until the end, a stop or a break.
import { strideOf } from './chain';
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
	return await new PageRun(reading, from).run();
}

/** One run: pages launched up to the reach, handed on in order as they arrive, until a stop. */
class PageRun<T> {
	private readonly arrived = new Map<number, ListPage<T>>();
	private readonly inFlight = new Map<number, { settled: Promise<void>; abort: AbortController }>();
	private endAt = Infinity; // the first page known to end the listing
	private stopAt = Infinity; // where the run stopped: a failure, a break, the end
	private result: Run | undefined;
	private checked = 0;

	constructor(
		private readonly reading: RunReading<T>,
		private readonly from: number,
	) {}

	private stride = () => strideOf(this.reading.size());
	private offsetOf = (index: number) => this.from + index * this.stride();

	/** Pages a former reading saw, counted from this run's start. */
	private known() {
		const { lastOffset, size } = this.reading;
		if (lastOffset === undefined || !size()) return 0;
		return Math.max(0, Math.floor((lastOffset - this.from) / this.stride()) + 1);
	}

	async run(): Promise<Run> {
		let next = 0;
		for (;;) {
			const wanted = Math.min(this.endAt + 1, this.stopAt);
			const reach = Math.min(reachOf(this.checked, this.reading.inFlight, this.known()), wanted);
			while (!this.result && next < reach && this.reading.ask()) this.launch(next++);
			if (this.inFlight.size === 0) break;
			await Promise.race(Array.from(this.inFlight.values(), (page) => page.settled));
		}
		return this.result ?? { end: 'stopped' };
	}

	private stop(index: number, outcome: Run) {
		if (index > this.endAt || index >= this.stopAt) return; // past the end, or behind an earlier stop
		this.stopAt = index;
		this.result = outcome;
		// Pages past the end answer about as soon; aborted, they could reach the server later.
		if (outcome.end === 'ended') return;
		for (const [behind, page] of this.inFlight) if (behind > index) page.abort.abort();
	}

	private inOrder() {
		for (
			let page = this.arrived.get(this.checked);
			this.checked < this.stopAt && page;
			page = this.arrived.get(this.checked)
		) {
			const index = this.checked;
			this.arrived.delete(index);
			try {
				if (!this.reading.handOn(page, this.offsetOf(index)))
					return this.stop(index, { end: 'broken', at: this.offsetOf(index), page });
			} catch (error) {
				return this.stop(index, { end: 'failed', error });
			}
			if (!page.meta.hasMore) return this.stop(index, { end: 'ended' });
			this.checked++;
		}
	}

	private launch(index: number) {
		const abort = new AbortController();
		const settled = this.reading
			.fetchPage(this.offsetOf(index), this.reading.size() || PAGE_SIZE, abort.signal)
			.then((page) => {
				this.reading.onAnswer?.(page.data);
				this.arrived.set(index, page);
				if (!page.meta.hasMore) this.endAt = Math.min(this.endAt, index);
				this.inOrder();
			})
			.catch((error: unknown) => this.stop(index, { end: 'failed', error }))
			.finally(() => this.inFlight.delete(index));
		this.inFlight.set(index, { settled, abort });
	}
}
