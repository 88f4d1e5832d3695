/**
 * The service's times: as ms (a time without a time zone is UTC, not n8n's local time), and when a
 * poll began on the service's clock, for "before" and "after".
 */
import { MAX_CLOCK_SKEW_MS } from '../shared/transport/serviceClock';

export function timeOf(time: string | null | undefined): number | undefined {
	if (!time) return undefined;
	const value = Date.parse(/T[\d:.]+$/.test(time) ? `${time}Z` : time);
	return Number.isNaN(value) ? undefined : value;
}

/** The newest of the service's times (undefined when none is one). */
export function newestOf(times: Array<string | null | undefined>): number | undefined {
	const values = times.map(timeOf).filter((value): value is number => value !== undefined);
	return values.length > 0 ? Math.max(...values) : undefined;
}

/**
 * When a poll began on the service's clock: `dated`, its answers' Date headers' time, is only a
 * hint (a reverse proxy writes its own Date, which need not be the clock that stamps the
 * service's times). It is taken no later than `newestWritten`, the newest time the service wrote
 * in what the poll read, so a floor set from it never lies in the service's future; and no more
 * than MAX_CLOCK_SKEW_MS earlier than `dated` (none read: that early), so no answer moves it
 * further. Earlier errs toward "after": firing, never missing.
 */
export function startOnServiceClock(dated: number, newestWritten: number | undefined): number {
	return Math.max(dated - MAX_CLOCK_SKEW_MS, Math.min(dated, newestWritten ?? -Infinity));
}
