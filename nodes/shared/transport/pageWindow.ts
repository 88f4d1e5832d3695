/**
 * How far ahead a listing's pages are asked for (pure: no HTTP). The first page goes alone (it
 * tells the server's page size); then each page handed on lets one more go, so the window doubles
 * every round trip (1, 2, 4, 8 pages) up to `width` in flight, as the listing proves long. Pages a
 * former reading saw (`known`) are asked `width` at a time, but none past them until they are all
 * handed on, then the window ramps from one again. So a listing of n pages costs at most
 * n + w - 1 requests, w the most pages in flight (the end shows only as a page that says
 * hasMore: false), and one of two pages costs three.
 */

/**
 * One past the last page index that may have been asked for once `handedOn` pages (the first
 * `handedOn` indexes) are handed on; `known` pages are known to exist from a former reading.
 */
export function reachOf(handedOn: number, width: number, known = 0): number {
	if (handedOn === 0) return 1;
	if (handedOn < known) return Math.min(handedOn + width, known);
	return handedOn + Math.min(width, 1 + handedOn - known);
}
