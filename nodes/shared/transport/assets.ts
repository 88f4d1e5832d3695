/**
 * Listing assets through the transport: Return All (every page, side by side), a stream of pages
 * from a cursor (the trigger's Asset event) and the search of Limit and the pickers (page by page
 * until enough match). The plans live in paging.ts and
 * pagedSearch.ts; here their problems become node errors that name the page.
 */
import { failureOf } from '../cause';
import { operationError } from '../errors';
import { assetListSchema, type Asset } from '../schemas';
import { apiPath } from './exchange';
import type { AssetWorkspaceTransport } from './index';
import { searchPages, type SearchOptions } from './pagedSearch';
import { readAllPages, streamPages, type StreamOptions } from './pageStream';
import type { Problem } from './paging';

interface Scope {
	folderId?: string;
	itemIndex?: number;
	/** When (ms on the transport's clock, `chance.now`) each page request must be over. */
	until?: number;
}

function pageReader(api: AssetWorkspaceTransport, scope: Scope) {
	return async (offset: number, limit: number, signal?: AbortSignal) =>
		await api.request({
			method: 'GET',
			path: ['assets'],
			qs: { limit, offset, ...(scope.folderId ? { folderId: scope.folderId } : {}) },
			schema: assetListSchema,
			itemIndex: scope.itemIndex,
			until: scope.until,
			signal,
		});
}

/** A listing's problem as a node error naming the page it came from. */
function problemFor(api: AssetWorkspaceTransport, itemIndex?: number): Problem {
	return (message, offset, hint, kind = 'contract') =>
		operationError(api.node, `Asset Workspace API: ${message}`, {
			itemIndex,
			// A page that contradicts its request breaks the contract; a listing that kept moving
			// reads whole when run again; one too long wants a Folder filter or a Limit.
			failure: failureOf(
				kind === 'contract'
					? { contract: 'shape' }
					: kind === 'moved'
						? { noAnswer: true }
						: { refused: 'input' },
			),
			description: `Request: GET ${apiPath(['assets'])}${offset >= 0 ? `?offset=${offset}` : ''}. ${hint}`,
		});
}

/** Every asset in name order (Return All). */
export async function readAllAssets(api: AssetWorkspaceTransport, scope: Scope = {}) {
	const { pagesInFlight, maxPages } = api.settings;
	return await readAllPages(pageReader(api, scope), {
		start: 0,
		inFlight: pagesInFlight,
		maxPages,
		problem: problemFor(api, scope.itemIndex),
	});
}

/**
 * The listing from offset `start` (joining `anchor`), pages side by side, handed to `onPage` in
 * order until the end, until `mayAsk` says no, or until a page fails (returned, not thrown).
 */
export async function streamAssets(
	api: AssetWorkspaceTransport,
	options: Pick<
		StreamOptions<Asset>,
		'start' | 'anchor' | 'restart' | 'mayAsk' | 'onPage' | 'onAnswer' | 'lastOffset'
	> &
		Scope,
) {
	const { pagesInFlight, maxPages } = api.settings;
	return await streamPages(pageReader(api, options), {
		inFlight: pagesInFlight,
		maxPages,
		problem: problemFor(api, options.itemIndex),
		...options,
	});
}

/**
 * Assets in name order that `keep` accepts, page by page until `max` of them, or `maxPages`
 * pages (then `next` says where to go on), as Limit and the pickers need.
 */
export async function searchAssets(
	api: AssetWorkspaceTransport,
	options: Partial<Pick<SearchOptions<Asset>, 'maxPages' | 'pagesRunOut' | 'from'>> &
		Pick<SearchOptions<Asset>, 'max' | 'keep'> &
		Scope,
) {
	return await searchPages(pageReader(api, options), {
		from: { offset: 0, skip: 0 },
		maxPages: api.settings.maxPages,
		pagesRunOut: 'fail',
		problem: problemFor(api, options.itemIndex),
		...options,
	});
}
