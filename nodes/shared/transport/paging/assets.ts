// Listing assets for Return All, the Asset event, Limit and the pickers; errors name the page.
import { failureOf } from '../../errors/cause';
import { operationError } from '../../errors/nodeErrors';
import { assetListSchema, type Asset } from '../../schemas';
import { apiPath } from '../request/prepare';
import type { AssetWorkspaceTransport } from '../transport';
import { searchPages, type SearchOptions } from './search';
import type { StreamOptions } from './reading';
import { readAllPages, streamPages } from './stream';
import type { Problem } from './pages';

interface Scope {
	folderId?: string;
	itemIndex?: number;
	/** When (ms on the transport's clock) each page request must be over. */
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

function problemFor(api: AssetWorkspaceTransport, itemIndex?: number): Problem {
	return (message, offset, hint, kind = 'contract') =>
		operationError(api.node, `Asset Workspace API: ${message}`, {
			itemIndex,
			// A listing that kept moving reads whole when run again: a cause a wait can help.
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

export async function readAllAssets(api: AssetWorkspaceTransport, scope: Scope = {}) {
	const { pagesInFlight, maxPages } = api.settings;
	return await readAllPages(pageReader(api, scope), {
		start: 0,
		inFlight: pagesInFlight,
		maxPages,
		problem: problemFor(api, scope.itemIndex),
	});
}

/** The listing from `start` (joining `anchor`) until its end, `mayAsk`, or a failure (returned). */
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

/** Assets `keep` accepts, up to `max` or `maxPages` pages (then `next` says where to go on). */
export async function searchAssets(
	api: AssetWorkspaceTransport,
	options: Partial<Pick<SearchOptions<Asset>, 'maxPages' | 'pagesRunOut' | 'from'>> &
		Pick<SearchOptions<Asset>, 'max' | 'keep'> &
		Scope,
) {
	return await searchPages(pageReader(api, options), {
		from: { offset: 0 },
		maxPages: api.settings.maxPages,
		pagesRunOut: 'fail',
		problem: problemFor(api, options.itemIndex),
		...options,
	});
}
