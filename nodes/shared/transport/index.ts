/**
 * The single way out to the Asset Workspace API. It ties the parts: the rate gate shared by all
 * requests of an execution, one HTTP attempt at a time, the retry decision, the answer checked
 * against its schema, failures mapped to node errors, and the paging plans. Every wait inside a
 * request (the gate, attempts, retry sleeps) ends by the request's deadline (`until`). The answers'
 * `Date` headers tell the service's clock (`serviceTime`).
 */
import type { Parsed, Schema } from '../schemas';
import { abortOn, attempt, cancelSignalOf, readOutcome, type ApiContext } from './attempt';
import { cancelledError, requestFailure, type FailureDetail } from './errors';
import { noAnswerCause, rateLimited, stoppedAttempt } from './failures';
import { readAnswer } from './exchange';
import { GateShutError, RateGate } from './gate';
import { prepareRequest, type CredentialsPerItem, type RequestOptions } from './request';
import { decideRetry, longestWaitMs } from './retry';
import { ServiceClock } from './serviceClock';
import { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from './settings';
import { CancelledError } from './time';

export { CREDENTIAL_TYPE, type ApiContext } from './attempt';
export { apiPath, MAX_BODY_BYTES } from './exchange';
export type { RequestOptions } from './request';
export { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from './settings';

export class AssetWorkspaceTransport {
	private readonly gate: RateGate;
	private readonly clock = new ServiceClock();
	private readonly credentials: CredentialsPerItem = new Map();

	/** `shutUntil`: a 429 seen before (a trigger's last poll) shuts the rate gate until then. */
	constructor(
		private readonly ctx: ApiContext,
		readonly settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS,
		shutUntil?: number,
	) {
		this.gate = new RateGate(settings.chance, shutUntil);
	}

	/** The node the errors name. */
	get node() {
		return this.ctx.getNode();
	}

	/** Until when (ms) a 429 shut the rate gate; 0 when none came. */
	get rateLimitedUntil() {
		return this.gate.shutUntilMs;
	}

	/** Whether a 429 asked for a wait longer than the retry policy allows (its request failed). */
	get askedToWaitTooLong() {
		return this.gate.refusedUntilMs > 0;
	}

	/** The service's time (ms) at our time `at` (by default now), as its answers' dates tell it. */
	serviceTime(at = this.settings.chance.now()) {
		return at + this.clock.offsetMs;
	}

	/**
	 * One API call: retried by the policy, validated with `schema`, errors mapped to NodeApiError.
	 */
	async request<T extends Schema>(options: RequestOptions<T>): Promise<Parsed<T>> {
		return (await this.send(options, false)) as Parsed<T>;
	}

	/** The same, but a 404 answers `null` instead of failing. */
	async requestOrNotFound<T extends Schema>(options: RequestOptions<T>) {
		return (await this.send(options, true)) as Parsed<T> | null;
	}

	/** The request ends when the execution is cancelled or the caller's signal aborts. */
	private async send<T extends Schema>(options: RequestOptions<T>, notFoundIsNull: boolean) {
		const stop = abortOn(cancelSignalOf(this.ctx), options.signal);
		try {
			return await this.attempts(options, notFoundIsNull, stop.signal);
		} finally {
			stop.release();
		}
	}

	private async attempts<T extends Schema>(
		options: RequestOptions<T>,
		notFoundIsNull: boolean,
		cancel: AbortSignal,
	) {
		const { ctx, settings } = this;
		const { method } = options;
		const prepared = await prepareRequest(ctx, options, this.credentials);
		const { node, baseUrl, apiKey, label: request, sent } = prepared;
		const until = options.until ?? Infinity;
		const now = settings.chance.now;
		const fail = (detail: FailureDetail) => requestFailure(node, apiKey, request, detail, now());

		for (let tries = 1; ; tries++) {
			tries += await this.gate
				.enter(until, cancel, longestWaitMs(settings.retry))
				.catch((error: unknown) => {
					if (error instanceof CancelledError) throw cancelledError(node, request);
					const shut = error instanceof GateShutError ? error : undefined;
					throw fail(rateLimited(tries, shut?.reopensInMs ?? 0, shut?.tooLong));
				});
			if (tries > settings.retry.maxAttempts) {
				this.gate.release();
				throw fail(rateLimited(tries - 1, 0));
			}
			const sentAt = now();
			const timeout = Math.min(settings.retry.attemptTimeoutMs, until - sentAt);
			const limit = settings.chance.timeLimit(Math.max(1, Math.round(timeout)));
			const outcome = await attempt(ctx, sent, limit, cancel);
			const { answer, status, retryAfterMs, code } = readOutcome(outcome, now());
			if (answer)
				this.clock.observe({ date: answer.response.headers.date, sentAt, receivedAt: now() });
			const failed = { method, attempt: tries, status, networkCode: code, retryAfterMs };
			const decision = decideRetry(
				{ ...failed, timeLeftMs: until - now() },
				settings.retry,
				settings.chance.random,
			);
			// A 429 shuts the gate for everyone (even when this request gives up).
			const waitMs = decision.retry ? decision.waitMs : (retryAfterMs ?? 0);
			const tooLong = !decision.retry && decision.reason === 'retryAfterTooLong';
			this.gate.release(status === 429 ? { sentAt, waitMs, tooLong } : undefined);
			if ('error' in outcome && outcome.cancelled) throw cancelledError(node, request);
			if (answer && status! >= 200 && status! < 300) {
				const context = { method, status: status!, attempts: tries };
				const read = readAnswer(answer.text, options.schema, apiKey, context);
				if ('failure' in read) throw fail(read.failure);
				return read.data;
			}
			if (status === 404 && notFoundIsNull) return null;
			if (decision.retry && status !== 429)
				await settings.chance.pause(decision.waitMs, cancel).catch(() => {
					throw cancelledError(node, request);
				});
			if (decision.retry) continue;
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
		}
	}
}
