/** What a transport is given: the retry policy, Return All's paging, and the clock and dice. */
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
import { REAL_CHANCE, type Chance } from './time';

export interface TransportSettings {
	retry: RetryPolicy;
	/**
	 * A listing's pages in flight at most (w): after the first page alone, 1, 2, 4... as the listing
	 * proves long (pageWindow.ts); fewer after a 429 (see RateGate).
	 */
	pagesInFlight: number;
	/**
	 * Return All fails past this many pages (1,000,000 assets): a listing that long does not page.
	 */
	maxPages: number;
	chance: Chance;
}

export const DEFAULT_TRANSPORT_SETTINGS: Readonly<TransportSettings> = {
	retry: DEFAULT_RETRY_POLICY,
	pagesInFlight: 8,
	maxPages: 10_000,
	chance: REAL_CHANCE,
};
