/**
 * The single way out to the Asset Workspace API. It owns the base URL, authentication
 * (through n8n's credential injection), retries, response validation, error mapping,
 * redaction of the API key, and pagination.
 */
import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type ILoadOptionsFunctions,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';
import type { z } from 'zod';

import { API_PREFIX, normalizeBaseUrl } from '../helpers/baseUrl';
import { assetListSchema, describeSchemaError, errorBodySchema, type Asset } from '../helpers/schemas';
import { requireInteger, show } from '../helpers/validation';

export const CREDENTIAL_TYPE = 'assetWorkspaceApi';
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/** The retry policy: bounded attempts, exponential backoff with full jitter, Retry-After honoured up to a cap. */
export const RETRY_POLICY = {
	maxAttempts: 4,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	maxRetryAfterMs: 60_000,
	timeoutMs: 30_000,
};
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);
/**
 * Return All reads the pages after the first with this many requests in flight. Requests past the
 * end are at most this many minus one, so a listing of N assets takes at most ceil(N/100) + 3.
 */
export const PAGES_IN_FLIGHT = 3;
const PAGE_SIZE = 100;
/** Statuses that prove a POST was refused before it did anything, so it can be sent again safely. */
const REFUSED_STATUSES = new Set([429, 503]);
/**
 * Network failures, in words. n8n replaces any error message that contains a code such as
 * ECONNREFUSED with a generic sentence, so codes stay out of our messages.
 */
const NETWORK_FAILURES: Record<string, string> = {
	ECONNRESET: 'connection reset',
	ECONNREFUSED: 'connection refused',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'timed out',
	EPIPE: 'connection broken',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host not found',
};
const NETWORK_CODES = new Set(Object.keys(NETWORK_FAILURES));

const HINTS: Record<number, string> = {
	400: 'The service rejected the request as invalid: check the fields named in the message.',
	401: 'Check the API key in the "Asset Workspace API" credential (create one in your profile under API Keys) and the base URL.',
	403: 'This API key may not do this: check the permissions of the user who created it.',
	404: 'Check the id, and that the user of this API key can read the item (items it cannot read answer 404 too).',
	409: 'The item is not in a state that allows this (for example a model with no published version).',
	429: 'The service is rate limiting this API key: run fewer items at once or wait before running again.',
};

export interface RequestOptions<T extends z.ZodTypeAny> {
	method: IHttpRequestMethods;
	/** Path segments after /api/public/v1, each encoded; ids are validated by the caller. */
	path: string[];
	qs?: IDataObject;
	body?: IDataObject;
	schema: T;
	itemIndex?: number;
}

interface Credentials {
	baseUrl: string;
	apiKey: string;
}

interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** Removes the API key, as sent and in its URL- and JSON-escaped forms, from text the node is about to show. */
export function redact(text: string, apiKey: string): string {
	if (!apiKey) return text;
	const forms = new Set([apiKey, encodeURIComponent(apiKey), JSON.stringify(apiKey).slice(1, -1)]);
	let clean = text;
	for (const form of forms) clean = clean.split(form).join('[redacted]');
	return clean;
}

async function credentialsOf(ctx: ApiContext, itemIndex?: number): Promise<Credentials> {
	const data = await ctx.getCredentials<{ baseUrl?: string; apiKey?: string }>(CREDENTIAL_TYPE, itemIndex ?? 0);
	const baseUrl = normalizeBaseUrl(data.baseUrl);
	if (!baseUrl) {
		throw new NodeOperationError(ctx.getNode(), `Base URL must be an http(s) URL, got ${show(data.baseUrl ?? '')}`, {
			itemIndex,
			description: 'Set the workspace address in the "Asset Workspace API" credential, for example https://acme.assetworkspace.example.',
		});
	}
	return { baseUrl, apiKey: String(data.apiKey ?? '') };
}

export function apiPath(path: string[]): string {
	return `${API_PREFIX}/${path.map((segment) => encodeURIComponent(segment)).join('/')}`;
}

function retryAfterMs(headers: RawResponse['headers']): number | undefined {
	const raw = headers['retry-after'];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (!value) return undefined;
	if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function backoffMs(attempt: number): number {
	const ceiling = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(Math.random() * ceiling);
}

function networkCode(error: unknown): string | undefined {
	const e = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
	const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
	if (code && NETWORK_CODES.has(code)) return code;
	const message = typeof e?.message === 'string' ? e.message : '';
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return code;
}

function textOf(body: unknown): string {
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}

/** What the body says, for an error message: the server's error object, an HTML title, or the start of the text. */
function describeBody(text: string): { code?: string; message?: string; summary: string } {
	if (text.trim() === '') return { summary: 'an empty body' };
	try {
		const parsed = errorBodySchema.safeParse(JSON.parse(text));
		if (parsed.success) return { ...parsed.data.error, summary: `${parsed.data.error.code}: ${parsed.data.error.message}` };
		return { summary: `JSON without an error object: ${text.slice(0, 120)}` };
	} catch {
		const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
		if (title || /^\s*</.test(text)) return { summary: `an HTML page${title ? ` ("${title.trim()}")` : ''}, not JSON` };
		return { summary: `a body that is not JSON: ${text.slice(0, 120)}` };
	}
}

export class AssetWorkspaceTransport {
	/** 429 answers seen so far (Return All reads one page at a time once the service rate limits). */
	rateLimited = 0;

	/** Credentials per item: n8n reads and decrypts them on every call, so each item reads them once. */
	private readonly credentials = new Map<number, Promise<Credentials>>();

	constructor(private readonly ctx: ApiContext) {}

	private fail(
		credentials: Credentials,
		request: { method: string; path: string; itemIndex?: number },
		detail: { status?: number; code?: string; message: string; hint?: string; attempts: number },
	): never {
		const clean = (text: string) => redact(text, credentials.apiKey);
		const where = `${request.method} ${request.path}`;
		const status = detail.status ? `${detail.status}${detail.code ? ` ${detail.code}` : ''}` : detail.code ?? 'no answer';
		const message = clean(`Asset Workspace API: ${detail.message} [${status}]`);
		const itemText = request.itemIndex !== undefined ? ` (item ${request.itemIndex})` : '';
		const tries = detail.attempts > 1 ? ` after ${detail.attempts} attempts` : '';
		const hint = detail.hint ?? (detail.status ? HINTS[detail.status] : undefined);
		const description = clean(`Request: ${where}${itemText}${tries}.${hint ? ` ${hint}` : ''}`);
		const httpCode = detail.status ? String(detail.status) : undefined;
		// Only our own clean fields go in: no request options (they hold the key), and no network `code`,
		// which would make n8n swap the message for a generic one.
		throw new NodeApiError(
			this.ctx.getNode(),
			{ message, description, httpCode: httpCode ?? null, method: request.method, path: request.path } as JsonObject,
			{ message, description, httpCode, itemIndex: request.itemIndex },
		);
	}

	/** One API call: retried by the policy, validated with `schema`, errors mapped to NodeApiError. */
	async request<T extends z.ZodTypeAny>(options: RequestOptions<T>): Promise<z.infer<T>> {
		return await this.send(options, false);
	}

	/** The same, but a 404 answers `null` instead of failing. */
	async requestOrNotFound<T extends z.ZodTypeAny>(options: RequestOptions<T>): Promise<z.infer<T> | null> {
		return await this.send(options, true);
	}

	private async send<T extends z.ZodTypeAny>(options: RequestOptions<T>, notFoundIsNull: boolean): Promise<z.infer<T> | null> {
		const pageSize = options.qs?.limit;
		if (pageSize !== undefined) requireInteger(this.ctx.getNode(), 'Page size (limit)', pageSize, 1, 100, options.itemIndex);
		const key = options.itemIndex ?? 0;
		if (!this.credentials.has(key)) this.credentials.set(key, credentialsOf(this.ctx, options.itemIndex));
		const credentials = await this.credentials.get(key)!;
		const path = apiPath(options.path);
		const request = { method: options.method, path, itemIndex: options.itemIndex };
		const idempotent = options.method === 'GET';

		for (let attempt = 1; ; attempt++) {
			let response: RawResponse;
			try {
				response = (await this.ctx.helpers.httpRequestWithAuthentication.call(this.ctx, CREDENTIAL_TYPE, {
					method: options.method,
					url: `${credentials.baseUrl}${path}`,
					qs: options.qs,
					body: options.body === undefined ? undefined : JSON.stringify(options.body),
					headers: {
						Accept: 'application/json',
						...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
					},
					encoding: 'text',
					json: false,
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					timeout: RETRY_POLICY.timeoutMs,
				})) as RawResponse;
			} catch (error) {
				const code = networkCode(error);
				// A POST that may have reached the service is never sent twice: only a refused connection is safe.
				const safe = idempotent ? code !== undefined && NETWORK_CODES.has(code) : code === 'ECONNREFUSED';
				if (safe && attempt < RETRY_POLICY.maxAttempts) {
					await sleep(backoffMs(attempt));
					continue;
				}
				const reason = (error as Error)?.message ?? String(error);
				const what = (code && NETWORK_FAILURES[code]) ?? 'request failed';
				this.fail(credentials, request, {
					code: what,
					message: idempotent
						? `no answer from ${credentials.baseUrl}`
						: `no answer from ${credentials.baseUrl}; the request may have reached the service, so it was not sent again`,
					hint: `${idempotent ? 'Check the base URL and that the service is reachable.' : "A job may have been queued: check the asset's jobs before running it again."} Cause: ${reason}.`,
					attempts: attempt,
				});
			}

			const status = response.statusCode;
			const text = textOf(response.body);
			if (status >= 200 && status < 300) {
				return this.parse(credentials, request, options.schema, status, text, attempt);
			}
			if (status === 404 && notFoundIsNull) return null;
			if (status === 429) this.rateLimited++;
			const retryable = idempotent ? RETRIED_STATUSES.has(status) : REFUSED_STATUSES.has(status);
			const waitFor = retryAfterMs(response.headers);
			if (retryable && attempt < RETRY_POLICY.maxAttempts && (waitFor ?? 0) <= RETRY_POLICY.maxRetryAfterMs) {
				await sleep(waitFor ?? backoffMs(attempt));
				continue;
			}
			const body = describeBody(text);
			const tooLong = waitFor !== undefined && waitFor > RETRY_POLICY.maxRetryAfterMs;
			this.fail(credentials, request, {
				status,
				code: body.code,
				message: body.message ?? `HTTP ${status} with ${body.summary}`,
				hint: tooLong ? `The service asked to wait ${Math.ceil(waitFor / 1000)} s before retrying, longer than this node waits.` : undefined,
				attempts: attempt,
			});
		}
	}

	private parse<T extends z.ZodTypeAny>(
		credentials: Credentials,
		request: { method: string; path: string; itemIndex?: number },
		schema: T,
		status: number,
		text: string,
		attempts: number,
	): z.infer<T> {
		// A garbled answer to an execute still means the service took the request.
		const queued = request.method === 'POST' ? 'The service accepted the request, so the run was probably queued: check before running it again. ' : '';
		let json: unknown;
		try {
			// A server that echoes the request must not put the key into an output item: '[redacted]' is JSON-safe.
			json = JSON.parse(redact(text, credentials.apiKey));
		} catch {
			this.fail(credentials, request, {
				status,
				message: `answered ${status} with ${describeBody(text).summary}`,
				hint: `${queued}The answer did not come from the Asset Workspace API as expected: check the base URL (a proxy or login page answers HTML).`,
				attempts,
			});
		}
		const parsed = schema.safeParse(json);
		if (!parsed.success) {
			this.fail(credentials, request, {
				status,
				message: `the answer does not match the API contract: ${describeSchemaError(parsed.error)}`,
				hint: `${queued}Check the base URL; if it is right, the service changed its answer and this node needs an update.`,
				attempts,
			});
		}
		return parsed.data;
	}

	/**
	 * Lists assets with `limit`/`offset`, in name order, filtered by `keep` while paging.
	 * Without `max` (Return All): every page, the ones after the first read side by side.
	 * With `max` (Limit, and the pickers): page by page, stopping as soon as enough matched and
	 * never asking for more than still needed.
	 */
	async listAssets(options: { folderId?: string; max?: number; keep?: (asset: Asset) => boolean; itemIndex?: number; offset?: number }) {
		if (options.max === undefined) {
			const pages = await this.allPages(options.folderId, options.offset ?? 0, options.itemIndex);
			const seen = new Set<string>();
			const assets = pages.flat().filter((asset) => !seen.has(asset.id) && seen.add(asset.id) && (options.keep?.(asset) ?? true));
			return { assets, nextOffset: undefined };
		}
		const assets: Asset[] = [];
		const keep = options.keep ?? (() => true);
		for (let offset = options.offset ?? 0; ; ) {
			const limit = options.keep ? PAGE_SIZE : Math.min(PAGE_SIZE, options.max - assets.length);
			const page = await this.page(options.folderId, offset, limit, options.itemIndex);
			for (const [index, asset] of page.data.entries()) {
				if (keep(asset)) assets.push(asset);
				if (assets.length >= options.max) return { assets, nextOffset: offset + index + 1 };
			}
			offset += page.data.length;
			if (!page.meta.hasMore || page.data.length === 0) return { assets, nextOffset: undefined };
		}
	}

	private async page(folderId: string | undefined, offset: number, limit: number, itemIndex?: number) {
		return await this.request({
			method: 'GET',
			path: ['assets'],
			qs: { limit, offset, ...(folderId ? { folderId } : {}) },
			schema: assetListSchema,
			itemIndex,
		});
	}

	/**
	 * Every page from `start`: the first alone, then a sliding window of PAGES_IN_FLIGHT requests.
	 * The end is the first page that is not full; pages past it that were already asked for are
	 * dropped. After a 429 the window shrinks to one request at a time.
	 */
	private async allPages(folderId: string | undefined, start: number, itemIndex?: number): Promise<Asset[][]> {
		const first = await this.page(folderId, start, PAGE_SIZE, itemIndex);
		const pages: Asset[][] = [first.data];
		if (!first.meta.hasMore || first.data.length < PAGE_SIZE) return pages;
		let end = Infinity;
		let next = 1;
		let failure: { index: number; error: unknown } | undefined;
		const inFlight = new Map<number, Promise<void>>();
		const launch = (index: number) => {
			const request = this.page(folderId, start + index * PAGE_SIZE, PAGE_SIZE, itemIndex)
				.then((page) => {
					pages[index] = page.data;
					if (!page.meta.hasMore || page.data.length < PAGE_SIZE) end = Math.min(end, index);
				})
				.catch((error: unknown) => {
					if (!failure || index < failure.index) failure = { index, error };
				})
				.finally(() => inFlight.delete(index));
			inFlight.set(index, request);
		};
		while (true) {
			const width = this.rateLimited > 0 ? 1 : PAGES_IN_FLIGHT;
			while (!failure && next <= end && inFlight.size < width) launch(next++);
			if (inFlight.size === 0) break;
			await Promise.race(inFlight.values());
		}
		if (failure && failure.index <= end) throw failure.error;
		return pages.slice(0, end + 1);
	}
}
