/**
 * One HTTP attempt through n8n's request helper, with the credential applied by n8n, no
 * redirects followed, and a time limit on the whole attempt (a server that drips bytes is cut
 * off too). The attempt ends at once when the execution is cancelled. The credential is the one
 * the transport read for the item: n8n would otherwise read it from its database and decrypt it
 * again for every request.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { networkCode } from './errors';
import { parseHttpDate } from './httpDate';
import { parseRetryAfter } from './retry';
import { MAX_CLOCK_SKEW_MS } from './serviceClock';
import type { TimeLimit } from './time';

export const CREDENTIAL_TYPE = 'assetWorkspaceApi';
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export interface AttemptRequest {
	/** The credential as n8n decrypted it for this item. */
	credential: ICredentialDataDecryptedObject;
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	/** The body as JSON text, made before the first attempt. */
	body?: string;
}

export type AttemptOutcome =
	| { response: RawResponse; text: string }
	| { error: unknown; timedOut: boolean; cancelled: boolean };

/**
 * What an outcome says, for the retry decision: the answer and its status, or the network code. A
 * Retry-After date is on the service's clock: it is read against the answer's own `Date` (one
 * within MAX_CLOCK_SKEW_MS of `now`, ours; else against ours).
 */
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

/**
 * One signal that aborts when any of `signals` does, detached again by `release` once the attempt
 * or request is over (AbortSignal.any would leave every one hanging on the execution's long-lived
 * signal).
 */
export function abortOn(...signals: Array<AbortSignal | undefined>) {
	const controller = new AbortController();
	const abort = () => controller.abort();
	const sources = signals.filter((signal): signal is AbortSignal => signal !== undefined);
	for (const signal of sources) {
		if (signal.aborted) controller.abort();
		else signal.addEventListener('abort', abort, { once: true });
	}
	const release = () => sources.forEach((signal) => signal.removeEventListener('abort', abort));
	return { signal: controller.signal, release };
}

/**
 * The context as the request helper should see it: n8n replaces a request's abortSignal with the
 * execution's cancel signal (getExecutionCancelSignal) in node executions, so the attempt's own
 * signal is handed over that way. Everything else is the context itself.
 */
function withCancelSignal(ctx: ApiContext, signal: AbortSignal): ApiContext {
	if (!('getExecutionCancelSignal' in ctx)) return ctx;
	return Object.create(ctx, { getExecutionCancelSignal: { value: () => signal } }) as ApiContext;
}

/** The execution's cancel signal, where the context has one (node executions). */
export function cancelSignalOf(ctx: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
}

function textOf(body: unknown): string {
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}

/**
 * `limit` cuts the attempt off: its signal is handed to n8n's request helper, which aborts the
 * request with it (n8n 1.x and 2.x alike), however the server answers.
 */
export async function attempt(
	ctx: ApiContext,
	request: AttemptRequest,
	limit: TimeLimit,
	cancelled?: AbortSignal,
): Promise<AttemptOutcome> {
	const deadline = limit.signal;
	const abort = abortOn(deadline, cancelled);
	try {
		const helpers = ctx.helpers;
		const response = (await helpers.httpRequestWithAuthentication.call(
			withCancelSignal(ctx, abort.signal),
			CREDENTIAL_TYPE,
			{
				method: request.method,
				url: request.url,
				qs: request.qs,
				body: request.body,
				headers: {
					Accept: 'application/json',
					...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
				},
				encoding: 'text',
				json: false,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				// A redirect would carry the Authorization header to wherever it points.
				disableFollowRedirect: true,
				abortSignal: abort.signal,
			},
			{
				credentialsDecrypted: { id: '', name: '', type: CREDENTIAL_TYPE, data: request.credential },
			},
		)) as RawResponse;
		return { response, text: textOf(response.body) };
	} catch (error) {
		return { error, timedOut: deadline.aborted, cancelled: cancelled?.aborted === true };
	} finally {
		abort.release();
		limit.release();
	}
}
