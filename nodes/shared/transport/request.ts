/** A request's options, and what each of its attempts sends: credential, URL, query, body. */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Schema } from '../schemas';
import { requireInteger } from '../validation';
import type { ApiContext } from './attempt';
import type { RequestLabel } from './errors';
import { apiPath, readCredentials, serialiseBody, type Credentials } from './exchange';

export interface RequestOptions<T extends Schema> {
	method: IHttpRequestMethods;
	/** Path segments after /api/public/v1, each encoded; ids are validated by the caller. */
	path: string[];
	qs?: IDataObject;
	body?: IDataObject;
	schema: T;
	itemIndex?: number;
	/**
	 * When (ms on the transport's clock, `chance.now`) everything inside this request must be
	 * over; none by default.
	 */
	until?: number;
	/** Ends the request at once, wherever it waits, when its answer is no longer wanted. */
	signal?: AbortSignal;
}

/** Credentials per item: n8n reads and decrypts them on every call, so each item reads them once. */
export type CredentialsPerItem = Map<number, Promise<Credentials>>;

/** Checks the page size, reads the item's credentials once, and serialises the body once. */
export async function prepareRequest<T extends Schema>(
	ctx: ApiContext,
	options: RequestOptions<T>,
	credentials: CredentialsPerItem,
) {
	const { itemIndex, method, qs } = options;
	const node = ctx.getNode();
	if (qs?.limit !== undefined)
		requireInteger(node, 'Page size (limit)', qs.limit, 1, 100, itemIndex);
	const key = itemIndex ?? 0;
	if (!credentials.has(key)) credentials.set(key, readCredentials(ctx, itemIndex));
	const { baseUrl, apiKey, decrypted: credential } = await credentials.get(key)!;
	// The listing of all assets names nothing but the key.
	const keyOnly = options.path.join('/') === 'assets' && !qs?.folderId;
	const label: RequestLabel = { method, path: apiPath(options.path), itemIndex, keyOnly };
	const body = options.body === undefined ? undefined : serialiseBody(node, options.body, label);
	const sent = { credential, method, url: `${baseUrl}${label.path}`, qs, body };
	return { node, baseUrl, apiKey, label, sent };
}
