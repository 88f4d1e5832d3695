/**
 * Why an operation failed, in the causes n8n-workflow 2.37+ lets a node declare (`failure` on
 * NodeApiError and NodeOperationError; n8n 1.x ignores the option). n8n's durable poll scheduler
 * backs a failing poll off by it: a timed cause from 5 s doubling up to 30 minutes, and never
 * sooner than the wait the service asked for (up to an hour); a cause someone must act on
 * straight to 30 minutes. Pure: the one place each failure gets its cause
 * (docs/errors-and-retries.md, "Why it failed").
 */
import type { Failure } from 'n8n-workflow';

export type WhatFailed =
	/**
	 * An answer with an error status (3xx to 5xx), the wait its Retry-After asked for (ms from
	 * `now`), and whether the request named nothing but the key (the listing of all assets).
	 */
	| { status: number; retryAfterMs?: number; keyOnly?: boolean }
	/** A 2xx answer that breaks the contract: not JSON at all, or JSON of another shape. */
	| { contract: 'not-json' | 'shape' }
	/** No answer: refused, reset, timed out, host not found. */
	| { noAnswer: true }
	/**
	 * The node's input refused before anything was sent, or its settings that cannot work (a
	 * scope too large); or the credential's fields.
	 */
	| { refused: 'input' | 'credential' }
	/** An error none of our rules built, by its class (a failed expression, a bug). */
	| { unexpected: string };

/** n8n-workflow's classes of an expression that failed, and of an error it lays on the user. */
const USERS_ERRORS = /^(Expression\w*Error|UserError)$/;
const CREDENTIAL: Failure = { cause: 'credential-invalid' };
const CONFIGURATION: Failure = { cause: 'configuration-invalid' };

/** A cause a wait can help, with the wait the service asked for, if it asked (`now`: our clock). */
function timed(
	cause: 'rate-limited' | 'temporarily-unavailable',
	retryAfterMs: number | undefined,
	now: number | undefined,
): Failure {
	if (retryAfterMs === undefined || !(retryAfterMs > 0)) return { cause };
	const waitMs = Math.ceil(retryAfterMs);
	return now === undefined
		? { cause, retryAfterMs: waitMs }
		: { cause, retryAfterMs: waitMs, resetsAtEpochMs: Math.ceil(now + waitMs) };
}

/** The cause of a failure; `now` (epoch ms) dates a wait the service asked for. */
export function failureOf(what: WhatFailed, now?: number): Failure {
	if ('noAnswer' in what) return { cause: 'temporarily-unavailable' };
	if ('refused' in what) return what.refused === 'credential' ? CREDENTIAL : CONFIGURATION;
	// A failed expression, or what n8n itself calls the user's error, is the workflow's; anything
	// else no rule of ours foresaw is the node's.
	if ('unexpected' in what)
		return USERS_ERRORS.test(what.unexpected) ? CONFIGURATION : { cause: 'node-defect' };
	// The service and this node disagree on the answer: waiting fixes no schema. A body that is
	// not JSON at all comes from something in front of it (a proxy's page, a cut answer), which
	// passes: the credential test refuses a base URL that answers so.
	if ('contract' in what)
		return what.contract === 'shape'
			? { cause: 'node-defect' }
			: timed('temporarily-unavailable', undefined, now);
	const { status, retryAfterMs } = what;
	if (status === 401) return CREDENTIAL;
	// A request that names nothing but the key is refused for the key; one naming an item or a
	// folder is refused for what it names.
	if (status === 403) return what.keyOnly ? CREDENTIAL : CONFIGURATION;
	if (status === 429) return timed('rate-limited', retryAfterMs, now);
	if (status >= 500 || status === 408) return timed('temporarily-unavailable', retryAfterMs, now);
	// A redirect: the base URL, in the credential, points elsewhere.
	if (status < 400) return CREDENTIAL;
	return CONFIGURATION;
}
