/**
 * The single way out to the Asset Workspace API. It ties the parts: the rate gate shared by all
 * requests of an execution, one HTTP attempt at a time, the retry decision, the answer checked
 * against its schema, failures mapped to node errors, and the paging plans. Every wait inside a
 * request (the gate, attempts, retry sleeps) ends by the request's deadline (`until`). The answers'
 * `Date` headers tell the service's clock (`serviceTime`).
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';

import type { Parsed, Schema } from '../schemas';
import { requireInteger } from '../validation';
import { abortOn, attempt, cancelSignalOf, readOutcome, type ApiContext } from './attempt';
import { cancelledError, requestFailure, type FailureDetail, type RequestLabel } from './errors';
import { noAnswerCause, rateLimited, stoppedAttempt } from './failures';
import { apiPath, readAnswer, readCredentials, serialiseBody, type Credentials } from './exchange';
import { GateShutError, RateGate } from './gate';
import { decideRetry, longestWaitMs } from './retry';
import { ServiceClock } from './serviceClock';
import { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from './settings';
import { CancelledError } from './time';

export { CREDENTIAL_TYPE, type ApiContext } from './attempt';
export { apiPath, MAX_BODY_BYTES } from './exchange';
export { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from './settings';

export interface RequestOptions<T extends Schema> {
	method: IHttpRequestMethods;
	/** Path segments after /api/public/v1, each encoded; ids are validated by the caller. */
	path: string[];
	qs?: IDataObject;
	body?: IDataObject;
	schema: T;
	itemIndex?: number;
	/** When (Date.now() ms) everything inside this request must be over; none by default. */
	until?: number;
	/** Ends the request at once, wherever it waits, when its answer is no longer wanted. */
	signal?: AbortSignal;
}

export class AssetWorkspaceTransport {
	private readonly gate: RateGate;
	private readonly clock = new ServiceClock();
	/**
	 * Credentials per item: n8n reads and decrypts them on every call, so each item reads them once.
	 */
	private readonly credentials = new Map<number, Promise<Credentials>>();

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
		const { itemIndex, method } = options;
		const node = ctx.getNode();
		const pageSize = options.qs?.limit;
		if (pageSize !== undefined)
			requireInteger(node, 'Page size (limit)', pageSize, 1, 100, itemIndex);
		const key = itemIndex ?? 0;
		if (!this.credentials.has(key)) this.credentials.set(key, readCredentials(ctx, itemIndex));
		const { baseUrl, apiKey, decrypted: credential } = await this.credentials.get(key)!;
		const request: RequestLabel = { method, path: apiPath(options.path), itemIndex };
		const body =
			options.body === undefined ? undefined : serialiseBody(node, options.body, request);
		const until = options.until ?? Infinity;
		const fail = (detail: FailureDetail) => requestFailure(node, apiKey, request, detail);
		const now = settings.chance.now;

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
			const url = `${baseUrl}${request.path}`;
			const sent = { credential, method, url, qs: options.qs, body };
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
