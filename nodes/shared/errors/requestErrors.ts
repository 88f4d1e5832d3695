// A failed request as an n8n API error: status, code, message, request, hint, cause; key removed.
import type { INode, JsonObject } from 'n8n-workflow';

import { failureOf } from './cause';
import { apiError, operationError } from './nodeErrors';
import { redact } from '../redact';

/** n8n refused the request itself (N8N_SSRF_PROTECTION_ENABLED): it was never sent. */
export const SSRF_REFUSED = 'SSRF_REFUSED';

// In words: n8n replaces a message holding a code such as ECONNREFUSED with a generic sentence.
const NETWORK_FAILURES: Record<string, string> = {
	ECONNRESET: 'connection reset',
	ECONNREFUSED: 'connection refused',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'timed out',
	EPIPE: 'connection broken',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host not found',
	[SSRF_REFUSED]: "refused by n8n's SSRF protection",
};

const HINTS: Record<number, string> = {
	400: 'The service rejected the request as invalid: check the fields named in the message.',
	401: 'Check the API key in the "Asset Workspace API" credential (create one in your profile under API Keys) and the base URL.',
	403: 'This API key may not do this: check the permissions of the user who created it.',
	404: 'Check the id, and that the user of this API key can read the item (items it cannot read answer 404 too).',
	409: 'The item is not in a state that allows this (for example a model with no published version).',
	429: 'The service is rate limiting this API key: run fewer items at once or wait before running again.',
};

/** The way forward at the end of the message: the only part n8n passes to an AI agent. */
function nextStep(status: number | undefined, request: RequestLabel): string {
	const { path } = request;
	if (status === undefined) return '';
	if (request.method !== 'GET' && status >= 500)
		return 'Check for the job before running it again.';
	if (status === 404) {
		if (/\/jobs\//.test(path)) return 'Check the job id: it comes from Asset > Execute.';
		if (/\/versions\/[^/]+$/.test(path))
			return 'Check the version id: Model Version > Get Many lists them.';
		if (/\/assets\/[^/]+/.test(path))
			return 'Check the id: Asset > Get Many, Name Contains, finds it.';
		return 'Check the base URL.';
	}
	const steps: Record<number, string> = {
		400: 'Check the values sent.',
		401: 'Check the API key in the credential.',
		403: 'This API key may not do this.',
		409: 'It cannot run now (a model needs a published version).',
		429: 'Wait, then try again with fewer requests at once.',
	};
	return steps[status] ?? (status >= 500 ? 'The service failed: try again later.' : '');
}

export interface RequestLabel {
	method: string;
	path: string;
	itemIndex?: number;
	/** The request names nothing but the key (the listing of all assets): a 403 is the key's. */
	keyOnly?: boolean;
}

export interface FailureDetail {
	status?: number;
	code?: string;
	message: string;
	hint?: string;
	/** The way forward at the end of the message; by default from the status and the path. */
	next?: string;
	attempts: number;
	retryAfterMs?: number;
	contract?: 'not-json' | 'shape';
}

/** The code of a failure without an answer: the error's own code, or one read from its message. */
export function networkCode(error: unknown): string | undefined {
	const e = error as {
		code?: unknown;
		name?: unknown;
		cause?: { code?: unknown; name?: unknown };
		message?: unknown;
	};
	// n8n 2.x's SsrfBlockedIpError or SsrfBlockedHostnameError, as thrown or wrapped by its helper.
	if ([e?.name, e?.cause?.name].some((name) => /^SsrfBlocked\w*Error$/.test(String(name))))
		return SSRF_REFUSED;
	const code =
		typeof e?.code === 'string'
			? e.code
			: typeof e?.cause?.code === 'string'
				? e.cause.code
				: undefined;
	if (code && code in NETWORK_FAILURES) return code;
	const message = typeof e?.message === 'string' ? e.message : '';
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return code;
}

export function networkWords(code: string | undefined): string {
	return (code && NETWORK_FAILURES[code]) ?? 'request failed';
}

/** The error of a failed request, built from our own clean fields, never the request options. */
export function requestFailure(
	node: INode,
	apiKey: string,
	request: RequestLabel,
	detail: FailureDetail,
	now?: number,
) {
	const clean = (text: string) => redact(text, apiKey);
	const status = detail.status
		? `${detail.status}${detail.code ? ` ${detail.code}` : ''}`
		: (detail.code ?? 'no answer');
	const next = detail.next ?? nextStep(detail.status, request);
	const message = clean(
		`Asset Workspace API: ${detail.message} [${status}]${next ? ` ${next}` : ''}`,
	);
	const itemText = request.itemIndex !== undefined ? ` (item ${request.itemIndex})` : '';
	const tries = detail.attempts > 1 ? ` after ${detail.attempts} attempts` : '';
	const hint = detail.hint ?? (detail.status ? HINTS[detail.status] : undefined);
	const description = clean(
		`Request: ${request.method} ${request.path}${itemText}${tries}.${hint ? ` ${hint}` : ''}`,
	);
	const httpCode = detail.status ? String(detail.status) : undefined;
	// No network `code` field either: n8n would swap the message for a generic one.
	const { method, path } = request;
	const fields = { message, description, httpCode: httpCode ?? null, method, path } as JsonObject;
	const { contract, retryAfterMs } = detail;
	// n8n's own refusal is its settings', not a service's that a wait helps.
	const refusedByN8n = detail.code === NETWORK_FAILURES[SSRF_REFUSED];
	const failure = contract
		? failureOf({ contract })
		: detail.status === undefined
			? failureOf(refusedByN8n ? { refused: 'input' } : { noAnswer: true })
			: failureOf({ status: detail.status, retryAfterMs, keyOnly: request.keyOnly }, now);
	return apiError(node, fields, {
		message,
		description,
		httpCode,
		itemIndex: request.itemIndex,
		failure,
	});
}

/** The error of a request the execution's cancellation ended (a POST may have queued a job). */
export function cancelledError(node: INode, request: RequestLabel) {
	const mayHaveRun =
		request.method === 'GET'
			? ''
			: " A job may have been queued: check the asset's jobs before running it again.";
	const message = 'Asset Workspace API: the execution was cancelled during a request';
	return operationError(node, message, {
		itemIndex: request.itemIndex,
		description: `Request: ${request.method} ${request.path}.${mayHaveRun}`,
	});
}
