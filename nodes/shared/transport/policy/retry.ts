/** The retry policy and its one decision after a failed attempt: wait and send again, or stop. */
import { parseHttpDate } from './serviceClock';

export interface RetryPolicy {
	/** Attempts per request, the first one included. */
	maxAttempts: number;
	/** Backoff ceiling before the first retry; it doubles each attempt up to maxDelayMs (full jitter). */
	baseDelayMs: number;
	maxDelayMs: number;
	/** A Retry-After longer than this is not waited for: the request fails and says so. */
	maxRetryAfterMs: number;
	/** One attempt, the whole answer included, is cut off after this long. */
	attemptTimeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
	maxAttempts: 4,
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	maxRetryAfterMs: 60_000,
	attemptTimeoutMs: 30_000,
};

/** A Retry-After is waited for with up to this share added, so refused clients come back apart. */
export const RETRY_AFTER_JITTER = 0.2;

export const longestWaitMs = (policy: RetryPolicy) =>
	policy.maxRetryAfterMs * (1 + RETRY_AFTER_JITTER);

const RETRIED_STATUSES = new Set([429, 502, 503, 504]);
/** Statuses that prove a POST was refused, with a Retry-After only (a gateway may 503 after it). */
const REFUSED_STATUSES = new Set([429, 503]);
export const RETRIED_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'EPIPE',
	'ENOTFOUND',
	'EAI_AGAIN',
]);

export interface FailedAttempt {
	method: string;
	attempt: number;
	status?: number;
	networkCode?: string;
	retryAfterMs?: number;
	timeLeftMs: number;
}

export type StopReason = 'final' | 'attempts' | 'retryAfterTooLong' | 'noTime';
export type RetryDecision = { retry: true; waitMs: number } | { retry: false; reason: StopReason };

/** Whether the failure may pass if the same request is sent again, and sending it again is safe. */
export function isRetryable(failure: Omit<FailedAttempt, 'attempt' | 'timeLeftMs'>): boolean {
	const idempotent = failure.method === 'GET';
	if (failure.status !== undefined) {
		return idempotent
			? RETRIED_STATUSES.has(failure.status)
			: REFUSED_STATUSES.has(failure.status) && failure.retryAfterMs !== undefined;
	}
	// A POST that may have reached the service is never sent twice.
	if (!idempotent) return failure.networkCode === 'ECONNREFUSED';
	return failure.networkCode !== undefined && RETRIED_NETWORK_CODES.has(failure.networkCode);
}

export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
	const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(random() * ceiling);
}

export function decideRetry(
	failure: FailedAttempt,
	policy: RetryPolicy,
	random: () => number = Math.random,
): RetryDecision {
	if (!isRetryable(failure)) return { retry: false, reason: 'final' };
	if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxRetryAfterMs) {
		return { retry: false, reason: 'retryAfterTooLong' };
	}
	if (failure.attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts' };
	const waitMs =
		failure.retryAfterMs === undefined
			? backoffMs(failure.attempt, policy, random)
			: Math.round(failure.retryAfterMs * (1 + RETRY_AFTER_JITTER * random()));
	if (waitMs >= failure.timeLeftMs) return { retry: false, reason: 'noTime' };
	return { retry: true, waitMs };
}

/** A Retry-After in ms: whole seconds, or an HTTP date (0 when past); anything else is none. */
export function parseRetryAfter(
	header: string | string[] | undefined,
	now: number,
): number | undefined {
	const value = (Array.isArray(header) ? header[0] : header)?.trim();
	if (!value) return undefined;
	if (/^\d+$/.test(value)) return Number(value) * 1000;
	const at = parseHttpDate(value);
	return at === undefined ? undefined : Math.max(0, at - now);
}
