/** The retry decision and Retry-After parsing: pure, table-driven, no server. */
import {
	backoffMs,
	decideRetry,
	DEFAULT_RETRY_POLICY,
	parseRetryAfter,
	RETRY_AFTER_JITTER,
	type FailedAttempt,
} from '../../../nodes/shared/transport/policy/retry';

const policy = DEFAULT_RETRY_POLICY;
const half = () => 0.5;
const failed = (f: Partial<FailedAttempt>): FailedAttempt => ({
	method: 'GET',
	attempt: 1,
	timeLeftMs: Infinity,
	...f,
});

describe('what is sent again', () => {
	test.each([
		['GET', 429, undefined, true],
		['GET', 502, undefined, true],
		['GET', 503, undefined, true],
		['GET', 504, undefined, true],
		['GET', 500, undefined, false],
		['GET', 400, undefined, false],
		['GET', 401, undefined, false],
		['GET', 404, undefined, false],
		['POST', 429, 1000, true],
		['POST', 503, 1000, true],
		['POST', 429, undefined, false],
		['POST', 503, undefined, false],
		['POST', 502, 1000, false],
		['POST', 500, 1000, false],
	])('%s answered %i (Retry-After %s ms): retried %s', (method, status, retryAfterMs, retried) => {
		expect(decideRetry(failed({ method, status, retryAfterMs }), policy, half).retry).toBe(retried);
	});

	test.each([
		['GET', 'ECONNRESET', true],
		['GET', 'ECONNREFUSED', true],
		['GET', 'ETIMEDOUT', true],
		['GET', 'ENOTFOUND', true],
		['GET', 'ESOMETHINGELSE', false],
		['GET', undefined, false],
		['POST', 'ECONNREFUSED', true],
		['POST', 'ECONNRESET', false],
		['POST', 'ETIMEDOUT', false],
	])('%s with no answer (%s): retried %s', (method, networkCode, retried) => {
		expect(decideRetry(failed({ method, networkCode }), policy, half).retry).toBe(retried);
	});
});

describe('how long to wait, and when to stop', () => {
	test('backoff: full jitter under a ceiling that doubles up to maxDelayMs', () => {
		expect([1, 2, 3, 4, 5, 6, 7].map((a) => backoffMs(a, policy, () => 1))).toEqual([
			500, 1000, 2000, 4000, 8000, 8000, 8000,
		]);
		expect(backoffMs(3, policy, () => 0)).toBe(0);
		expect(decideRetry(failed({ status: 503, attempt: 2 }), policy, half)).toEqual({
			retry: true,
			waitMs: 500,
		});
	});

	test('Retry-After is waited for, with up to 20 % added', () => {
		const retryAfterMs = 10_000;
		expect(decideRetry(failed({ status: 429, retryAfterMs }), policy, () => 0)).toEqual({
			retry: true,
			waitMs: 10_000,
		});
		expect(decideRetry(failed({ status: 429, retryAfterMs }), policy, () => 1)).toEqual({
			retry: true,
			waitMs: 10_000 * (1 + RETRY_AFTER_JITTER),
		});
	});

	test('the attempts are bounded', () => {
		expect(decideRetry(failed({ status: 503, attempt: 3 }), policy, half).retry).toBe(true);
		expect(decideRetry(failed({ status: 503, attempt: 4 }), policy, half)).toEqual({
			retry: false,
			reason: 'attempts',
		});
	});

	test('a Retry-After past maxRetryAfterMs is not waited for; one of exactly maxRetryAfterMs is', () => {
		expect(decideRetry(failed({ status: 429, retryAfterMs: 60_001 }), policy, half)).toEqual({
			retry: false,
			reason: 'retryAfterTooLong',
		});
		expect(decideRetry(failed({ status: 429, retryAfterMs: 60_000 }), policy, half).retry).toBe(
			true,
		);
	});

	test('a wait that would end right at the deadline leaves no time to ask again: it stops', () => {
		const at = (timeLeftMs: number) =>
			decideRetry(failed({ status: 503, retryAfterMs: 1000, timeLeftMs }), policy, () => 0);
		expect(at(1000)).toEqual({ retry: false, reason: 'noTime' });
		expect(at(1001)).toEqual({ retry: true, waitMs: 1000 });
	});

	test('no wait reaches past the deadline: a wait longer than the time left stops', () => {
		expect(
			decideRetry(failed({ status: 503, retryAfterMs: 10_000, timeLeftMs: 1000 }), policy, half),
		).toEqual({ retry: false, reason: 'noTime' });
		expect(
			decideRetry(failed({ networkCode: 'ECONNRESET', timeLeftMs: 100 }), policy, () => 1),
		).toEqual({
			retry: false,
			reason: 'noTime',
		});
		expect(decideRetry(failed({ status: 503, timeLeftMs: 1000 }), policy, () => 0.1).retry).toBe(
			true,
		);
	});

	test('what is not retried says so', () => {
		expect(decideRetry(failed({ status: 404 }), policy, half)).toEqual({
			retry: false,
			reason: 'final',
		});
	});
});

describe('Retry-After: only a non-negative integer of seconds or an HTTP-date', () => {
	const now = Date.parse('2026-11-23T12:00:00Z');
	test.each([
		['0', 0],
		['5', 5000],
		['  120 ', 120_000],
		['Mon, 23 Nov 2026 12:00:30 GMT', 30_000],
		['Monday, 23-Nov-26 12:00:30 GMT', 30_000],
		['Mon Nov 23 12:00:30 2026', 30_000],
		['Mon, 23 Nov 2026 11:00:00 GMT', 0],
	])('%j is %i ms', (header, ms) => {
		expect(parseRetryAfter(header, now)).toBe(ms);
	});

	test.each([
		'-5',
		'abc 1',
		'5.',
		'1.5',
		'1e3',
		'',
		'  ',
		'soon',
		'2026-11-23T12:00:30Z',
		'Mon, 23 Nov 2026 12:00:30',
	])('%j is no Retry-After at all', (header) => {
		expect(parseRetryAfter(header, now)).toBeUndefined();
	});

	test('the first of several headers counts; none is none', () => {
		expect(parseRetryAfter(['3', '9'], now)).toBe(3000);
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});

	test('a garbled Retry-After on a 503 to a POST: not a refusal, so the POST is not sent again', () => {
		for (const header of ['-5', 'abc 1', '5.']) {
			const retryAfterMs = parseRetryAfter(header, now);
			expect(
				decideRetry(failed({ method: 'POST', status: 503, retryAfterMs }), policy, half),
			).toEqual({
				retry: false,
				reason: 'final',
			});
			// A GET falls back to the normal backoff instead of retrying at once.
			expect(
				decideRetry(failed({ status: 503, retryAfterMs, attempt: 3 }), policy, () => 1),
			).toEqual({
				retry: true,
				waitMs: 2000,
			});
		}
	});
});
