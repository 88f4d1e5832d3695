// Why an operation failed, as the `failure` n8n reads: the one place each failure gets its cause
// (the rules and what n8n does with them: docs/errors-and-retries.md, "Why it failed").
import type { Failure } from 'n8n-workflow';

export type WhatFailed =
	/** An error status (3xx to 5xx), its Retry-After in ms, and whether only the key was named. */
	| { status: number; retryAfterMs?: number; keyOnly?: boolean }
	| { contract: 'not-json' | 'shape' }
	| { noAnswer: true }
	/** Input or settings refused before sending (a scope too large too), or the credential's. */
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
	if ('unexpected' in what)
		return USERS_ERRORS.test(what.unexpected) ? CONFIGURATION : { cause: 'node-defect' };
	// Waiting fixes no schema; a body not JSON at all comes from a proxy in front, which passes.
	if ('contract' in what)
		return what.contract === 'shape'
			? { cause: 'node-defect' }
			: timed('temporarily-unavailable', undefined, now);
	const { status, retryAfterMs } = what;
	if (status === 401) return CREDENTIAL;
	// Refused for the key when it names nothing else; otherwise for the item or folder it names.
	if (status === 403) return what.keyOnly ? CREDENTIAL : CONFIGURATION;
	if (status === 429) return timed('rate-limited', retryAfterMs, now);
	if (status >= 500 || status === 408) return timed('temporarily-unavailable', retryAfterMs, now);
	// A redirect: the base URL, in the credential, points elsewhere.
	if (status < 400) return CREDENTIAL;
	return CONFIGURATION;
}
