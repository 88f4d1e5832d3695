/**
 * The service's clock against ours, from the `Date` headers of its answers. A header is the
 * service's time, cut to the second, at some moment between sending the request and receiving
 * the answer; each answer so bounds the offset (service time minus ours). No correction while the
 * clocks agree as far as the headers can tell (a trigger's times stay exact on one clock); when
 * they disagree, the lowest offset every answer allows: the service's time is then never taken
 * for later than it is (off by at most the header's second and the answer's way back), so a
 * trigger errs toward "after" (firing) rather than "before" (missing). Only an HTTP date counts,
 * and only within MAX_CLOCK_SKEW_MS of our clock: a header further off (1970, 9999, a broken
 * proxy) is no clock anyone keeps, so one answer never moves the service's time by more.
 */
import { parseHttpDate } from './httpDate';

/** An answer's `Date` with when (our ms) its request went out and its answer came back. */
export interface DatedAnswer {
	date: string | string[] | undefined;
	sentAt: number;
	receivedAt: number;
}

/** A `Date` header's resolution: HTTP dates are cut to the second. */
const RESOLUTION_MS = 1000;
/** The furthest the service's clock is taken to be from ours, either way: an hour. */
export const MAX_CLOCK_SKEW_MS = 60 * 60 * 1000;

export class ServiceClock {
	private low = -Infinity;
	private high = Infinity;

	/** Takes one answer's `Date` into account; answers without a valid one change nothing. */
	observe({ date, sentAt, receivedAt }: DatedAnswer) {
		const at = parseHttpDate(date);
		if (at === undefined) return;
		const low = Math.max(at - receivedAt, -MAX_CLOCK_SKEW_MS);
		const high = Math.min(at + RESOLUTION_MS - sentAt, MAX_CLOCK_SKEW_MS);
		// Further from our clock than the bound allows: ignored.
		if (low > high) return;
		// An answer that contradicts the earlier ones (the service's clock was set) starts afresh.
		const contradicts = low > this.high || high < this.low;
		this.low = contradicts ? low : Math.max(this.low, low);
		this.high = contradicts ? high : Math.min(this.high, high);
	}

	/** Service time minus ours (ms): 0 when the answers allow it, else their lowest. */
	get offsetMs(): number {
		return this.low <= 0 && this.high >= 0 ? 0 : this.low;
	}
}
