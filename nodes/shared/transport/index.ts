/**
 * The single way out to the Asset Workspace API. It owns the base URL, authentication
 * (through n8n's credential injection), retries, response validation, error mapping,
 * redaction of the API key, and pagination.
 */
import {
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type ILoadOptionsFunctions,
	type IPollFunctions,
	type JsonObject,
} from 'n8n-workflow';
import type { z } from 'zod';

import { API_PREFIX, checkBaseUrl } from '../baseUrl';
import { apiError, operationError } from '../errors';
import { assetListSchema, describeSchemaError, errorBodySchema, type Asset } from '../schemas';
import { requireInteger } from '../validation';

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
/** Return All stops with an error past this many pages (1,000,000 assets): a listing that long is a server that does not page. */
export const MAX_PAGES = 10_000;
/**
 * Statuses that prove a POST was refused before it did anything, so it can be sent again safely,
 * but only when they carry Retry-After: a gateway may answer 503 after it forwarded the request.
 */
const REFUSED_STATUSES = new Set([429, 503]);
/** The largest request body sent; bigger parameters are refused before anything goes out. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Keys shorter than this are refused before any request (see credentialsOf), so redaction never cuts up ordinary text. */
export const MIN_KEY_LENGTH = 8;
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

/**
 * Removes the API key from text the node is about to show: as sent, URL-encoded, and JSON-escaped
 * (also with `/` written as `\/`). Apply it before cutting text short, so no prefix of the key survives.
 */
export function redact(text: string, apiKey: string): string {
	if (apiKey.length < MIN_KEY_LENGTH) return text;
	const escaped = JSON.stringify(apiKey).slice(1, -1);
	const forms = new Set([
		apiKey,
		encodeURIComponent(apiKey),
		escaped,
		escaped.replace(/\//g, '\\/'),
	]);
	let clean = text;
	for (const form of forms) if (clean.includes(form)) clean = clean.split(form).join('[redacted]');
	return clean;
}

/**
 * The key removed from every string and property name of a parsed JSON value, at any depth
 * (walked with a stack, not recursion). JSON escapes are already decoded here, so every spelling
 * of the key is caught and nothing else is touched.
 */
export function redactJson(value: unknown, apiKey: string): unknown {
	if (typeof value === 'string') return redact(value, apiKey);
	if (apiKey.length < MIN_KEY_LENGTH || typeof value !== 'object' || value === null) return value;
	const stack: Array<Record<string, unknown>> = [value as Record<string, unknown>];
	while (stack.length > 0) {
		const container = stack.pop()!;
		for (const name of Object.keys(container)) {
			const child = container[name];
			if (typeof child === 'string') container[name] = redact(child, apiKey);
			else if (typeof child === 'object' && child !== null)
				stack.push(child as Record<string, unknown>);
			const cleanName = redact(name, apiKey);
			if (cleanName !== name) {
				container[cleanName] = container[name];
				delete container[name];
			}
		}
	}
	return value;
}

/**
 * Whether decoding JSON `text` can yield the key anywhere. Without `\u` escapes the only ways to
 * write it are JSON.stringify's, with `/` optionally as `\/`; most answers (none of which carry
 * the key) then skip the walk of redactJson.
 */
export function mayHoldKey(text: string, apiKey: string): boolean {
	if (apiKey.length < MIN_KEY_LENGTH) return false;
	// A key with characters JSON must escape could hide behind other escapes: always walk.
	if ([...apiKey].some((c) => c === '"' || c === '\\' || c < ' ')) return true;
	const plain = text.includes('\\/') ? text.replace(/\\\//g, '/') : text;
	return plain.includes('\\u') || plain.includes(JSON.stringify(apiKey).slice(1, -1));
}

async function credentialsOf(ctx: ApiContext, itemIndex?: number): Promise<Credentials> {
	const data = await ctx.getCredentials<{ baseUrl?: string; apiKey?: string }>(
		CREDENTIAL_TYPE,
		itemIndex ?? 0,
	);
	const apiKey = String(data.apiKey ?? '');
	const check = checkBaseUrl(data.baseUrl);
	if (check.problem !== undefined) {
		throw operationError(ctx.getNode(), redact(check.message, apiKey), {
			itemIndex,
			description:
				'Set the workspace address in the "Asset Workspace API" credential, for example https://acme.assetworkspace.example.',
		});
	}
	if (apiKey.trim().length < MIN_KEY_LENGTH) {
		const length = apiKey.trim().length;
		throw operationError(
			ctx.getNode(),
			`API Key is ${length} character${length === 1 ? '' : 's'} long: an Asset Workspace API key is longer`,
			{
				itemIndex,
				description:
					'Paste the whole key into the "Asset Workspace API" credential (create one in your profile under API Keys).',
			},
		);
	}
	return { baseUrl: check.url, apiKey: apiKey.trim() };
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

/**
 * One signal that aborts a request when any of `signals` does, detached again by `release` once the
 * request is over (AbortSignal.any would leave every request's signal hanging on the execution's
 * long-lived cancel signal).
 */
function abortOn(...signals: Array<AbortSignal | undefined>) {
	const controller = new AbortController();
	const abort = () => controller.abort();
	const sources = signals.filter((signal): signal is AbortSignal => signal !== undefined);
	for (const signal of sources) {
		if (signal.aborted) controller.abort();
		else signal.addEventListener('abort', abort, { once: true });
	}
	return {
		signal: controller.signal,
		release: () => sources.forEach((signal) => signal.removeEventListener('abort', abort)),
	};
}

/**
 * The context as the request helper should see it: n8n replaces a request's abortSignal with the
 * execution's cancel signal (getExecutionCancelSignal) in node executions, so the request's own
 * signal is handed over that way. Everything else is the context itself.
 */
function withCancelSignal(ctx: ApiContext, signal: AbortSignal): ApiContext {
	if (!('getExecutionCancelSignal' in ctx)) return ctx;
	return Object.create(ctx, { getExecutionCancelSignal: { value: () => signal } }) as ApiContext;
}

function backoffMs(attempt: number): number {
	const ceiling = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(Math.random() * ceiling);
}

function networkCode(error: unknown): string | undefined {
	const e = error as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
	const code =
		typeof e?.code === 'string'
			? e.code
			: typeof e?.cause?.code === 'string'
				? e.cause.code
				: undefined;
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

/**
 * What the body says, for an error message: the server's error object, an HTML title, or the start
 * of the text. The key is removed before anything is cut short.
 */
function describeBody(
	raw: string,
	apiKey: string,
): { code?: string; message?: string; summary: string } {
	if (raw.trim() === '') return { summary: 'an empty body' };
	const start = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}...` : text);
	let json: unknown;
	try {
		json = redactJson(JSON.parse(raw), apiKey);
	} catch {
		const text = redact(raw, apiKey);
		const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1];
		if (title || /^\s*</.test(text))
			return { summary: `an HTML page${title ? ` ("${start(title.trim())}")` : ''}, not JSON` };
		return { summary: `a body that is not JSON: ${start(text)}` };
	}
	const parsed = errorBodySchema.safeParse(json);
	if (parsed.success)
		return {
			...parsed.data.error,
			summary: `${parsed.data.error.code}: ${parsed.data.error.message}`,
		};
	return { summary: `JSON without an error object: ${start(JSON.stringify(json))}` };
}

/** Where a redirect points, as an error message may show it: scheme, host and path only. */
function describeLocation(location: string | undefined, from: string): string {
	if (!location) return '';
	try {
		const url = new URL(location, from);
		return ` to ${url.protocol}//${url.host}${url.pathname}`;
	} catch {
		return '';
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
		const status = detail.status
			? `${detail.status}${detail.code ? ` ${detail.code}` : ''}`
			: (detail.code ?? 'no answer');
		const message = clean(`Asset Workspace API: ${detail.message} [${status}]`);
		const itemText = request.itemIndex !== undefined ? ` (item ${request.itemIndex})` : '';
		const tries = detail.attempts > 1 ? ` after ${detail.attempts} attempts` : '';
		const hint = detail.hint ?? (detail.status ? HINTS[detail.status] : undefined);
		const description = clean(`Request: ${where}${itemText}${tries}.${hint ? ` ${hint}` : ''}`);
		const httpCode = detail.status ? String(detail.status) : undefined;
		// Only our own clean fields go in: no request options (they hold the key), and no network `code`,
		// which would make n8n swap the message for a generic one.
		throw apiError(
			this.ctx.getNode(),
			{
				message,
				description,
				httpCode: httpCode ?? null,
				method: request.method,
				path: request.path,
			} as JsonObject,
			{ message, description, httpCode, itemIndex: request.itemIndex },
		);
	}

	/** One API call: retried by the policy, validated with `schema`, errors mapped to NodeApiError. */
	async request<T extends z.ZodTypeAny>(options: RequestOptions<T>): Promise<z.infer<T>> {
		return await this.send(options, false);
	}

	/** The same, but a 404 answers `null` instead of failing. */
	async requestOrNotFound<T extends z.ZodTypeAny>(
		options: RequestOptions<T>,
	): Promise<z.infer<T> | null> {
		return await this.send(options, true);
	}

	/** The body as JSON text, made before anything is sent: a body that cannot be sent fails here, and nothing went out. */
	private serialise(
		body: IDataObject,
		request: { method: string; path: string; itemIndex?: number },
	): string {
		let text: string | undefined;
		let reason = '';
		try {
			text = JSON.stringify(body);
		} catch (error) {
			reason = `: ${(error as Error)?.message ?? String(error)}`;
		}
		const bytes = text === undefined ? 0 : Buffer.byteLength(text);
		if (text === undefined || bytes > MAX_BODY_BYTES) {
			throw operationError(
				this.ctx.getNode(),
				text === undefined
					? `Asset Workspace API: the request body cannot be written as JSON${reason}`
					: `Asset Workspace API: the request body is ${bytes} bytes, more than the ${MAX_BODY_BYTES} this node sends`,
				{
					itemIndex: request.itemIndex,
					description: `Request: ${request.method} ${request.path}. Nothing was sent, so no job was queued: send parameters as plain JSON values (text, numbers, true/false, lists, objects).`,
				},
			);
		}
		return text;
	}

	private async send<T extends z.ZodTypeAny>(
		options: RequestOptions<T>,
		notFoundIsNull: boolean,
	): Promise<z.infer<T> | null> {
		const pageSize = options.qs?.limit;
		if (pageSize !== undefined)
			requireInteger(this.ctx.getNode(), 'Page size (limit)', pageSize, 1, 100, options.itemIndex);
		const key = options.itemIndex ?? 0;
		if (!this.credentials.has(key))
			this.credentials.set(key, credentialsOf(this.ctx, options.itemIndex));
		const credentials = await this.credentials.get(key)!;
		const path = apiPath(options.path);
		const request = { method: options.method, path, itemIndex: options.itemIndex };
		const idempotent = options.method === 'GET';
		const body = options.body === undefined ? undefined : this.serialise(options.body, request);
		const cancelled =
			'getExecutionCancelSignal' in this.ctx ? this.ctx.getExecutionCancelSignal() : undefined;

		for (let attempt = 1; ; attempt++) {
			// The timeout bounds the whole request, not only silences: a server that drips bytes is cut off too.
			const deadline = AbortSignal.timeout(RETRY_POLICY.timeoutMs);
			const abort = abortOn(deadline, cancelled);
			let response: RawResponse;
			try {
				response = (await this.ctx.helpers.httpRequestWithAuthentication.call(
					withCancelSignal(this.ctx, abort.signal),
					CREDENTIAL_TYPE,
					{
						method: options.method,
						url: `${credentials.baseUrl}${path}`,
						qs: options.qs,
						body,
						headers: {
							Accept: 'application/json',
							...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
						},
						encoding: 'text',
						json: false,
						returnFullResponse: true,
						ignoreHttpStatusErrors: true,
						// A redirect would carry the Authorization header to wherever it points.
						disableFollowRedirect: true,
						timeout: RETRY_POLICY.timeoutMs,
						abortSignal: abort.signal,
					},
				)) as RawResponse;
			} catch (error) {
				abort.release();
				if (cancelled?.aborted) {
					throw operationError(
						this.ctx.getNode(),
						'Asset Workspace API: the execution was cancelled during a request',
						{
							itemIndex: options.itemIndex,
							description: `Request: ${request.method} ${request.path}.${idempotent ? '' : " A job may have been queued: check the asset's jobs before running it again."}`,
						},
					);
				}
				const code = deadline.aborted ? 'ETIMEDOUT' : networkCode(error);
				// A POST that may have reached the service is never sent twice: only a refused connection is safe.
				const safe = idempotent
					? code !== undefined && NETWORK_CODES.has(code)
					: code === 'ECONNREFUSED';
				if (safe && attempt < RETRY_POLICY.maxAttempts) {
					await sleep(backoffMs(attempt));
					continue;
				}
				const reason = deadline.aborted
					? `no complete answer within ${RETRY_POLICY.timeoutMs / 1000} s`
					: ((error as Error)?.message ?? String(error));
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

			abort.release();
			const status = response.statusCode;
			const text = textOf(response.body);
			if (status >= 200 && status < 300) {
				return this.parse(credentials, request, options.schema, status, text, attempt);
			}
			if (status === 404 && notFoundIsNull) return null;
			if (status >= 300 && status < 400) {
				const location = response.headers.location;
				this.fail(credentials, request, {
					status,
					message: `answered ${status} with a redirect${describeLocation(Array.isArray(location) ? location[0] : location, credentials.baseUrl)}, which this node does not follow`,
					hint: 'Redirects are not followed, so the API key goes nowhere but the base URL. Set the Base URL in the credential to the address the service redirects to (for example https:// instead of http://).',
					attempts: attempt,
				});
			}
			if (status === 429) this.rateLimited++;
			const waitFor = retryAfterMs(response.headers);
			const retryable = idempotent
				? RETRIED_STATUSES.has(status)
				: REFUSED_STATUSES.has(status) && waitFor !== undefined;
			if (
				retryable &&
				attempt < RETRY_POLICY.maxAttempts &&
				(waitFor ?? 0) <= RETRY_POLICY.maxRetryAfterMs
			) {
				await sleep(waitFor ?? backoffMs(attempt));
				continue;
			}
			const answer = describeBody(text, credentials.apiKey);
			const tooLong = waitFor !== undefined && waitFor > RETRY_POLICY.maxRetryAfterMs;
			const mayHaveRun = !idempotent && status >= 500 && !tooLong;
			this.fail(credentials, request, {
				status,
				code: answer.code,
				message: answer.message ?? `HTTP ${status} with ${answer.summary}`,
				hint: tooLong
					? `The service asked to wait ${Math.ceil(waitFor / 1000)} s before retrying, longer than this node waits.`
					: mayHaveRun
						? "The service (or a gateway in front of it) failed after the request reached it, so it was not sent again. A job may have been queued: check the asset's jobs before running it again."
						: undefined,
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
		const queued =
			request.method === 'POST'
				? 'The service accepted the request, so the run was probably queued: check before running it again. '
				: '';
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch {
			this.fail(credentials, request, {
				status,
				message: `answered ${status} with ${describeBody(text, credentials.apiKey).summary}`,
				hint: `${queued}The answer did not come from the Asset Workspace API as expected: check the base URL (a proxy or login page answers HTML).`,
				attempts,
			});
		}
		// A server that echoes the request must not put the key into an output item, however it escapes it.
		const parsed = schema.safeParse(
			mayHoldKey(text, credentials.apiKey) ? redactJson(json, credentials.apiKey) : json,
		);
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
	 * Either way a page that brings no asset not already read ends the listing with an error (a
	 * server that ignores `offset` would otherwise be asked forever), and so does MAX_PAGES.
	 */
	async listAssets(options: {
		folderId?: string;
		max?: number;
		keep?: (asset: Asset) => boolean;
		itemIndex?: number;
		offset?: number;
	}) {
		const keep = options.keep ?? (() => true);
		const start = options.offset ?? 0;
		if (options.max === undefined) {
			const pages = await this.allPages(options.folderId, start, options.itemIndex);
			return { assets: pages.flat().filter(keep), nextOffset: undefined };
		}
		const assets: Asset[] = [];
		const seen = new Set<string>();
		for (let offset = start, index = 0; ; index++) {
			const limit = options.keep ? PAGE_SIZE : Math.min(PAGE_SIZE, options.max - assets.length);
			const page = await this.page(options.folderId, offset, limit, options.itemIndex);
			// Offsets count the page as the service sent it; repeats are only left out of the result.
			const unread = new Set(this.fresh(page, seen, index, offset, options.itemIndex).data);
			for (const [position, asset] of page.data.entries()) {
				if (unread.has(asset) && keep(asset)) assets.push(asset);
				if (assets.length >= options.max) return { assets, nextOffset: offset + position + 1 };
			}
			offset += page.data.length;
			if (!page.meta.hasMore || page.data.length === 0) return { assets, nextOffset: undefined };
		}
	}

	private async page(
		folderId: string | undefined,
		offset: number,
		limit: number,
		itemIndex?: number,
	) {
		return await this.request({
			method: 'GET',
			path: ['assets'],
			qs: { limit, offset, ...(folderId ? { folderId } : {}) },
			schema: assetListSchema,
			itemIndex,
		});
	}

	/**
	 * A page read in order, with assets already read dropped (a listing that shifts between requests
	 * repeats a few). A full page of repeats, or a page past MAX_PAGES, fails the listing.
	 */
	private fresh<P extends { data: Asset[] }>(
		page: P,
		seen: Set<string>,
		index: number,
		offset: number,
		itemIndex?: number,
	): P {
		if (index >= MAX_PAGES) throw this.tooManyPages(itemIndex);
		const data = page.data.filter((asset) => !seen.has(asset.id) && seen.add(asset.id));
		if (index > 0 && page.data.length > 0 && data.length === 0) {
			throw operationError(
				this.ctx.getNode(),
				`Asset Workspace API: the page at offset ${offset} repeats assets already read, so the listing cannot go on`,
				{
					itemIndex,
					description: `Request: GET ${apiPath(['assets'])}?offset=${offset}. The service answered the same assets again with "hasMore": true; it seems to ignore offset. Check the base URL; the listing stopped instead of asking forever.`,
				},
			);
		}
		return { ...page, data };
	}

	private tooManyPages(itemIndex?: number) {
		return operationError(
			this.ctx.getNode(),
			`Asset Workspace API: the asset listing did not end after ${MAX_PAGES} pages (${MAX_PAGES * PAGE_SIZE} assets)`,
			{
				itemIndex,
				description: 'Narrow it with a Folder filter, or turn off Return All and set a Limit.',
			},
		);
	}

	/**
	 * Every page from `start`: the first alone, then a sliding window of PAGES_IN_FLIGHT requests.
	 * The end is the first page that is not full; pages past it that were already asked for are
	 * dropped. After a 429 the window shrinks to one request at a time. Pages are checked in order
	 * as they complete (see `fresh`), so a server that repeats itself stops the window at once.
	 */
	private async allPages(
		folderId: string | undefined,
		start: number,
		itemIndex?: number,
	): Promise<Asset[][]> {
		const seen = new Set<string>();
		const first = await this.page(folderId, start, PAGE_SIZE, itemIndex);
		const pages: Asset[][] = [this.fresh(first, seen, 0, start, itemIndex).data];
		if (!first.meta.hasMore || first.data.length < PAGE_SIZE) return pages;
		const arrived: Array<Asset[] | undefined> = [];
		let end = Infinity;
		let next = 1;
		let checked = 1;
		let failure: { index: number; error: unknown } | undefined;
		const fail = (index: number, error: unknown) => {
			if (!failure || index < failure.index) failure = { index, error };
		};
		const inFlight = new Map<number, Promise<void>>();
		const launch = (index: number) => {
			const request = this.page(folderId, start + index * PAGE_SIZE, PAGE_SIZE, itemIndex)
				.then((page) => {
					arrived[index] = page.data;
					if (!page.meta.hasMore || page.data.length < PAGE_SIZE) end = Math.min(end, index);
					for (; checked <= end && arrived[checked]; checked++) {
						try {
							pages[checked] = this.fresh(
								{ data: arrived[checked]! },
								seen,
								checked,
								start + checked * PAGE_SIZE,
								itemIndex,
							).data;
						} catch (error) {
							fail(checked, error);
							break;
						}
						arrived[checked] = undefined;
					}
				})
				.catch((error: unknown) => fail(index, error))
				.finally(() => inFlight.delete(index));
			inFlight.set(index, request);
		};
		while (true) {
			const width = this.rateLimited > 0 ? 1 : PAGES_IN_FLIGHT;
			while (!failure && next <= end && next < MAX_PAGES && inFlight.size < width) launch(next++);
			if (inFlight.size === 0) break;
			await Promise.race(inFlight.values());
		}
		if (failure && failure.index <= end) throw failure.error;
		if (end === Infinity) throw this.tooManyPages(itemIndex);
		return pages.slice(0, end + 1);
	}
}
