// The asset listing as the nodes read it: Return All, Limit, the pickers, the Asset event.
import { failureOf } from '../../errors/cause';
import { operationError } from '../../errors/nodeErrors';
import { assetListSchema, type Asset } from '../../schemas';
import { apiPath } from '../request/prepare';
import type { AssetWorkspaceTransport } from '../transport';
import { ListingError } from './errors';
import { readListing, type Resume } from './reader';

interface Scope {
	folderId?: string;
	itemIndex?: number;
	/** When (ms on the transport's clock) each page request must be over. */
	until?: number;
}

/** How a reading goes on: `from` the page read last, or (none) from the first page. */
interface Cursor {
	from?: Resume;
}

function pages(
	api: AssetWorkspaceTransport,
	scope: Scope,
	options: Omit<Reading, 'width'> & { width?: number },
) {
	const fetchPage = async (offset: number, limit: number, signal?: AbortSignal) =>
		await api.request({
			method: 'GET',
			path: ['assets'],
			qs: { limit, offset, ...(scope.folderId ? { folderId: scope.folderId } : {}) },
			schema: assetListSchema,
			itemIndex: scope.itemIndex,
			until: scope.until,
			signal,
		});
	return readListing(fetchPage, { width: api.settings.pagesInFlight, ...options });
}
type Reading = Parameters<typeof readListing>[1];

/** A listing's error as the node's: its message, the page's request, what to do, and its cause. */
function nodeError(api: AssetWorkspaceTransport, error: unknown, itemIndex?: number) {
	if (!(error instanceof ListingError)) return error;
	const { kind, offset, hint } = error;
	return operationError(api.node, `Asset Workspace API: ${error.message}`, {
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

/** Every asset in scope, once (Return All), or an error. */
export async function readAllAssets(api: AssetWorkspaceTransport, scope: Scope = {}) {
	const assets: Asset[] = [];
	try {
		const { maxPages } = api.settings;
		for await (const read of pages(api, scope, { restart: true, maxPages }))
			assets.push(...read.fresh);
	} catch (error) {
		throw nodeError(api, error, scope.itemIndex);
	}
	return assets;
}

/**
 * The Asset event's reading, a page at a time, from where the last poll stopped; a poll stops it
 * by leaving the loop. It ends after the page that ends the listing, or (that page not read) when
 * its place is gone and it may not start over.
 */
export async function* readAssetPages(
	api: AssetWorkspaceTransport,
	options: Scope & Cursor & { restart: boolean; knownEnd?: number },
) {
	const { from, restart, knownEnd } = options;
	try {
		yield* pages(api, options, { from, restart, knownEnd, maxPages: api.settings.maxPages });
	} catch (error) {
		if (!(error instanceof ListingError && error.kind === 'lost'))
			throw nodeError(api, error, options.itemIndex);
	}
}

interface Search extends Scope, Cursor {
	max: number;
	/** Which assets count; without it pages are of `max` assets (at most 100). */
	keep?: (item: Asset) => boolean;
	/** Pages read at most, and whether reaching them is an error (Limit) or a pause (pickers). */
	maxPages?: number;
	pagesRunOut?: 'fail' | 'pause';
}

/** Up to `max` assets `keep` accepts (Limit, a picker), whole pages at a time, and where to go on. */
export async function searchAssets(api: AssetWorkspaceTransport, search: Search) {
	const { from, max, keep = () => true, pagesRunOut = 'fail' } = search;
	const items: Asset[] = [];
	let next: Cursor | undefined;
	try {
		const maxPages = search.maxPages ?? api.settings.maxPages;
		// Going on from a cursor, starting over would give the assets of earlier calls again.
		const options = { from, restart: !from, size: search.keep ? undefined : max, maxPages };
		for await (const read of pages(api, search, { ...options, width: 1 })) {
			items.push(...read.fresh.filter(keep));
			next = read.ended ? undefined : read.resume ? { from: read.resume } : next;
			if (read.ended || items.length >= max) return { items, next };
		}
		return { items };
	} catch (error) {
		const pause = error instanceof ListingError && /unending|lost/.test(error.kind);
		if (!pause || pagesRunOut === 'fail') throw nodeError(api, error, search.itemIndex);
		// Out of pages it goes on next time; a place lost, or not found again, from the top.
		return { items, next: error.kind === 'unending' && next ? next : {} };
	}
}

/** A cursor as a picker's pagination token, and back (anything else starts from the top). */
export function cursorToken(cursor: Cursor): string {
	return JSON.stringify(cursor.from ?? null);
}

export function cursorFromToken(token: string | undefined): Cursor {
	try {
		const from = JSON.parse(token ?? 'null') as Resume | null;
		const isMark = (mark: unknown) =>
			Array.isArray(mark) && mark.length === 2 && mark.every((part) => typeof part === 'string');
		const valid =
			from !== null &&
			Number.isSafeInteger(from.offset) &&
			from.offset >= 0 &&
			Number.isSafeInteger(from.limit) &&
			from.limit >= 1 &&
			Array.isArray(from.marks) &&
			from.marks.every(isMark);
		if (valid) return { from };
	} catch {
		// Not a token of ours: the search starts from the top.
	}
	return {};
}
