/** What goes out: a request's options, its credential (read once per item) and its body (once). */
import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IHttpRequestMethods,
	type INode,
} from 'n8n-workflow';

import { checkApiKey } from '../../apiKey';
import { API_PREFIX, checkBaseUrl } from '../../baseUrl';
import { failureOf } from '../../errors/cause';
import { inputError, operationError } from '../../errors/nodeErrors';
import type { RequestLabel } from '../../errors/requestErrors';
import { redact } from '../../redact';
import type { Schema } from '../../schemas';
import { requireInteger } from '../../validation';
import { CREDENTIAL_TYPE, type ApiContext } from './attempt';

/** The largest request body sent; bigger parameters are refused before anything goes out. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function apiPath(path: string[]): string {
	return `${API_PREFIX}/${path.map((segment) => encodeURIComponent(segment)).join('/')}`;
}

export interface Credentials {
	baseUrl: string;
	apiKey: string;
	decrypted: ICredentialDataDecryptedObject;
}

export async function readCredentials(ctx: ApiContext, itemIndex?: number): Promise<Credentials> {
	const failure = failureOf({ refused: 'credential' });
	type Fields = { baseUrl?: string; apiKey?: string; allowHttp?: boolean };
	const data = await ctx.getCredentials<Fields>(CREDENTIAL_TYPE, itemIndex ?? 0).catch((error) => {
		// None set, deleted, or not decryptable: n8n's own message, declared as the credential's.
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex, failure });
	});
	const url = checkBaseUrl(data.baseUrl, data.allowHttp);
	const key = checkApiKey(data.apiKey);
	if (url.problem !== undefined) {
		// Stryker disable next-line StringLiteral: with no key set there is nothing to hide
		throw operationError(ctx.getNode(), redact(url.message, String(data.apiKey ?? '')), {
			itemIndex,
			failure,
			description:
				'Set the workspace address in the "Asset Workspace API" credential, for example https://acme.assetworkspace.example.',
		});
	}
	if (key.message !== undefined) {
		throw operationError(ctx.getNode(), key.message, {
			itemIndex,
			failure,
			description:
				'Paste the whole key into the "Asset Workspace API" credential (create one in your profile under API Keys).',
		});
	}
	return { baseUrl: url.url, apiKey: key.key, decrypted: data };
}

export function serialiseBody(node: INode, body: IDataObject, request: RequestLabel): string {
	let text: string | undefined;
	let reason = '';
	try {
		text = JSON.stringify(body);
	} catch (error) {
		// A loop or a value whose toJSON throws: JSON.stringify says which.
		reason = `: ${(error as Error).message}`;
	}
	const bytes = text === undefined ? 0 : Buffer.byteLength(text);
	if (text !== undefined && bytes <= MAX_BODY_BYTES) return text;
	throw inputError(
		node,
		text === undefined
			? `Asset Workspace API: the request body cannot be written as JSON${reason}`
			: `Asset Workspace API: the request body is ${bytes} bytes, more than the ${MAX_BODY_BYTES} this node sends`,
		{
			itemIndex: request.itemIndex,
			description: `Request: ${request.method} ${request.path}. Nothing was sent, so no job was queued: send parameters as plain JSON values (text, numbers, true/false, lists, objects).`,
		},
	);
}

export interface RequestOptions<T extends Schema> {
	method: IHttpRequestMethods;
	/** Path segments after /api/public/v1, each encoded; ids are validated by the caller. */
	path: string[];
	qs?: IDataObject;
	body?: IDataObject;
	schema: T;
	itemIndex?: number;
	/** When (ms on the transport's clock) everything inside this request must be over. */
	until?: number;
	/** Ends the request at once, wherever it waits, when its answer is no longer wanted. */
	signal?: AbortSignal;
}

/** Credentials per item: n8n would read and decrypt them on every call. */
export type CredentialsPerItem = Map<number, Promise<Credentials>>;

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
	const keyOnly = options.path.length === 1 && options.path[0] === 'assets' && !qs?.folderId;
	const label: RequestLabel = { method, path: apiPath(options.path), itemIndex, keyOnly };
	const body = options.body === undefined ? undefined : serialiseBody(node, options.body, label);
	const sent = { credential, method, url: `${baseUrl}${label.path}`, qs, body };
	return { node, baseUrl, apiKey, label, sent };
}

export type Prepared = Awaited<ReturnType<typeof prepareRequest>>;
