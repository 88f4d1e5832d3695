// A request's attempts: each waits at the rate gate, goes out, and its outcome decides what next.
import { noAnswerCause, rateLimited, stoppedAttempt } from '../../errors/failureText';
import {
	cancelledError,
	networkCode,
	requestFailure,
	type FailureDetail,
} from '../../errors/requestErrors';
import type { Parsed, Schema } from '../../schemas';
import { CancelledError, type Clock } from '../policy/clock';
import { GateShutError, type RateGate } from '../policy/gate';
import { decideRetry, longestWaitMs, parseRetryAfter, type RetryPolicy } from '../policy/retry';
import { MAX_CLOCK_SKEW_MS, parseHttpDate, type ServiceClock } from '../policy/serviceClock';
import { readAnswer } from './answer';
import { attempt, type ApiContext, type AttemptOutcome } from './attempt';
import type { Prepared } from './prepare';

export interface Sender {
	ctx: ApiContext;
	retry: RetryPolicy;
	clock: Clock;
	gate: RateGate;
	serviceClock: ServiceClock;
}

/** The answer and status, or the network code; a Retry-After date is read on the answer's Date. */
export function readOutcome(outcome: AttemptOutcome, now: number) {
	if ('error' in outcome) {
		const code = outcome.timedOut ? 'ETIMEDOUT' : networkCode(outcome.error);
		return { answer: undefined, status: undefined, retryAfterMs: undefined, code };
	}
	const { statusCode, headers } = outcome.response;
	const date = parseHttpDate(headers.date);
	const serviceNow = date !== undefined && Math.abs(date - now) <= MAX_CLOCK_SKEW_MS ? date : now;
	const retryAfterMs = parseRetryAfter(headers['retry-after'], serviceNow);
	return { answer: outcome, status: statusCode, retryAfterMs, code: undefined };
}

export async function sendWithRetries<T extends Schema>(
	sender: Sender,
	prepared: Prepared,
	request: { schema: T; until: number; notFoundIsNull: boolean; cancel: AbortSignal },
): Promise<Parsed<T> | null> {
	const { ctx, retry, clock, gate } = sender;
	const { node, baseUrl, apiKey, label, sent } = prepared;
	const { until, cancel } = request;
	const { method } = label;
	const fail = (detail: FailureDetail) => requestFailure(node, apiKey, label, detail, clock.now());
	const cancelled = () => cancelledError(node, label);

	for (let tries = 1; ; tries++) {
		// The refusals others met while this one waited count as its own attempts.
		tries += await gate.enter(until, cancel, longestWaitMs(retry)).catch((error: unknown) => {
			if (error instanceof CancelledError) throw cancelled();
			const shut = error instanceof GateShutError ? error : undefined;
			throw fail(rateLimited(tries, shut?.reopensInMs ?? 0, shut?.tooLong));
		});
		if (tries > retry.maxAttempts) {
			gate.release();
			throw fail(rateLimited(tries - 1, 0));
		}
		const sentAt = clock.now();
		const timeout = Math.min(retry.attemptTimeoutMs, until - sentAt);
		const outcome = await attempt(
			ctx,
			sent,
			clock.timeLimit(Math.max(1, Math.round(timeout))),
			cancel,
		);
		const { answer, status, retryAfterMs, code } = readOutcome(outcome, clock.now());
		if (answer)
			sender.serviceClock.observe({
				date: answer.response.headers.date,
				sentAt,
				receivedAt: clock.now(),
			});
		const failed = { method, attempt: tries, status, networkCode: code, retryAfterMs };
		const decision = decideRetry(
			{ ...failed, timeLeftMs: until - clock.now() },
			retry,
			clock.random,
		);
		// A 429 shuts the gate for everyone, even when this request gives up.
		const waitMs = decision.retry ? decision.waitMs : (retryAfterMs ?? 0);
		const tooLong = !decision.retry && decision.reason === 'retryAfterTooLong';
		gate.release(status === 429 ? { sentAt, waitMs, tooLong } : undefined);
		if ('error' in outcome && outcome.cancelled) throw cancelled();
		if (answer && status! >= 200 && status! < 300) {
			const read = readAnswer(answer.text, request.schema, apiKey, {
				method,
				status: status!,
				attempts: tries,
			});
			if ('failure' in read) throw fail(read.failure);
			return read.data;
		}
		if (status === 404 && request.notFoundIsNull) return null;
		if (!decision.retry)
			throw fail(
				stoppedAttempt({
					method,
					baseUrl,
					apiKey,
					attempts: tries,
					reason: decision.reason,
					retryAfterMs,
					noAnswer:
						'error' in outcome ? { code, cause: noAnswerCause(outcome, timeout) } : undefined,
					answer: answer && {
						status: status!,
						location: answer.response.headers.location,
						text: answer.text,
					},
				}),
			);
		// A 429's wait is the gate's.
		if (status !== 429)
			await clock.pause(decision.waitMs, cancel).catch(() => Promise.reject(cancelled()));
	}
}
