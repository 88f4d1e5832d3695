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
import {
	decideRetry,
	longestWaitMs,
	parseRetryAfter,
	type RetryPolicy,
	type StopReason,
} from '../policy/retry';
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

export interface ApiRequest<T extends Schema> {
	schema: T;
	until: number;
	notFoundIsNull: boolean;
	cancel: AbortSignal;
}

type Tried = Awaited<ReturnType<typeof attemptOnce>>;

export async function sendWithRetries<T extends Schema>(
	sender: Sender,
	prepared: Prepared,
	request: ApiRequest<T>,
): Promise<Parsed<T> | null> {
	for (let tries = 1; ; tries++) {
		tries += await enterGate(sender, prepared, request, tries);
		const tried = await attemptOnce(sender, prepared, request, tries);
		const next = conclude(sender, prepared, request, tried, tries);
		if ('value' in next) return next.value;
		// A 429's wait is the gate's.
		if (tried.status !== 429)
			await sender.clock
				.pause(next.waitMs, request.cancel)
				.catch(() => Promise.reject(cancelledError(prepared.node, prepared.label)));
	}
}

const fail = (sender: Sender, prepared: Prepared, detail: FailureDetail) =>
	requestFailure(prepared.node, prepared.apiKey, prepared.label, detail, sender.clock.now());

/** Waits its turn at the rate gate; the refusals others met meanwhile count as its own attempts. */
async function enterGate(
	sender: Sender,
	prepared: Prepared,
	request: ApiRequest<Schema>,
	tries: number,
) {
	const { gate, retry } = sender;
	const refused = await gate
		.enter(request.until, request.cancel, longestWaitMs(retry))
		.catch((error: unknown) => {
			if (error instanceof CancelledError) throw cancelledError(prepared.node, prepared.label);
			const shut = error instanceof GateShutError ? error : undefined;
			throw fail(sender, prepared, rateLimited(tries, shut?.reopensInMs ?? 0, shut?.tooLong));
		});
	if (tries + refused > retry.maxAttempts) {
		gate.release();
		throw fail(sender, prepared, rateLimited(tries + refused - 1, 0));
	}
	return refused;
}

/** One attempt: sent within its time limit, its answer read, and the retry policy's decision. */
async function attemptOnce(
	sender: Sender,
	prepared: Prepared,
	request: ApiRequest<Schema>,
	tries: number,
) {
	const { clock } = sender;
	const sentAt = clock.now();
	const timeout = Math.min(sender.retry.attemptTimeoutMs, request.until - sentAt);
	const limit = clock.timeLimit(Math.max(1, Math.round(timeout)));
	const outcome = await attempt(sender.ctx, prepared.sent, limit, request.cancel);
	const read = readOutcome(outcome, clock.now());
	if (read.answer)
		sender.serviceClock.observe({
			date: read.answer.response.headers.date,
			sentAt,
			receivedAt: clock.now(),
		});
	const failed = { method: prepared.label.method, attempt: tries, status: read.status };
	const decision = decideRetry(
		{
			...failed,
			networkCode: read.code,
			retryAfterMs: read.retryAfterMs,
			timeLeftMs: request.until - clock.now(),
		},
		sender.retry,
		clock.random,
	);
	// A 429 shuts the gate for everyone, even when this request gives up.
	const waitMs = decision.retry ? decision.waitMs : (read.retryAfterMs ?? 0);
	const tooLong = !decision.retry && decision.reason === 'retryAfterTooLong';
	sender.gate.release(read.status === 429 ? { sentAt, waitMs, tooLong } : undefined);
	if ('error' in outcome && outcome.cancelled) throw cancelledError(prepared.node, prepared.label);
	return { ...read, outcome, decision, timeout };
}

/** What an attempt comes to: the answer (null for a tolerated 404), a wait before the next, or a failure. */
function conclude<T extends Schema>(
	sender: Sender,
	prepared: Prepared,
	request: ApiRequest<T>,
	tried: Tried,
	tries: number,
): { value: Parsed<T> | null } | { waitMs: number } {
	const { answer, status, decision } = tried;
	const { method } = prepared.label;
	if (answer && status! >= 200 && status! < 300) {
		const read = readAnswer(answer.text, request.schema, prepared.apiKey, {
			method,
			status: status!,
			attempts: tries,
		});
		if ('failure' in read) throw fail(sender, prepared, read.failure);
		return { value: read.data };
	}
	if (status === 404 && request.notFoundIsNull) return { value: null };
	if (decision.retry) return { waitMs: decision.waitMs };
	throw fail(sender, prepared, stopped(prepared, tried, decision.reason, tries));
}

/** Why the request stopped at its last attempt, in the words of its failure. */
function stopped(prepared: Prepared, tried: Tried, reason: StopReason, attempts: number) {
	const { answer, status, outcome, code, timeout } = tried;
	return stoppedAttempt({
		method: prepared.label.method,
		baseUrl: prepared.baseUrl,
		apiKey: prepared.apiKey,
		attempts,
		reason,
		retryAfterMs: tried.retryAfterMs,
		noAnswer: 'error' in outcome ? { code, cause: noAnswerCause(outcome, timeout) } : undefined,
		answer: answer && {
			status: status!,
			location: answer.response.headers.location,
			text: answer.text,
		},
	});
}
