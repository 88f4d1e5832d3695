// One HTTP attempt through n8n's request helper: no redirects, time-limited, over when cancelled.
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { TimeLimit } from '../policy/clock';

export const CREDENTIAL_TYPE = 'assetWorkspaceApi';
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export interface AttemptRequest {
	credential: ICredentialDataDecryptedObject;
	method: IHttpRequestMethods;
	url: string;
	qs?: IDataObject;
	body?: string;
}

export type AttemptOutcome =
	| { response: RawResponse; text: string }
	| { error: unknown; timedOut: boolean; cancelled: boolean };

// One signal that aborts when any of `signals` does, detached by `release` (AbortSignal.any would
// leave every one hanging on the execution's long-lived signal).
export function abortOn(...signals: Array<AbortSignal | undefined>) {
	const controller = new AbortController();
	const abort = () => controller.abort();
	const sources = signals.filter((signal): signal is AbortSignal => signal !== undefined);
	for (const signal of sources) {
		if (signal.aborted) controller.abort();
		else signal.addEventListener('abort', abort);
	}
	const release = () => sources.forEach((signal) => signal.removeEventListener('abort', abort));
	return { signal: controller.signal, release };
}

// The attempt's signal as the context's cancel signal: in node executions n8n replaces a request's
// abortSignal with the execution's (getExecutionCancelSignal).
function withCancelSignal(ctx: ApiContext, signal: AbortSignal): ApiContext {
	if (!('getExecutionCancelSignal' in ctx)) return ctx;
	return Object.create(ctx, { getExecutionCancelSignal: { value: () => signal } }) as ApiContext;
}

export function cancelSignalOf(ctx: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
}

function textOf(body: unknown): string {
	if (typeof body === 'string') return body;
	if (body === undefined || body === null) return '';
	if (Buffer.isBuffer(body)) return body.toString('utf8');
	return JSON.stringify(body);
}

/** The request as n8n's helper takes it: the whole answer, whatever its status, no redirects. */
function helperOptions(request: AttemptRequest, signal: AbortSignal) {
	return {
		method: request.method,
		url: request.url,
		qs: request.qs,
		body: request.body,
		headers: {
			Accept: 'application/json',
			...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
		},
		encoding: 'text' as const,
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		// A redirect would carry the Authorization header to wherever it points.
		disableFollowRedirect: true,
		abortSignal: signal,
	};
}

/** One attempt, cut off by `limit` (n8n's helper aborts with its signal in 1.x and 2.x alike). */
export async function attempt(
	ctx: ApiContext,
	request: AttemptRequest,
	limit: TimeLimit,
	cancelled?: AbortSignal,
): Promise<AttemptOutcome> {
	const deadline = limit.signal;
	const abort = abortOn(deadline, cancelled);
	try {
		const response = (await ctx.helpers.httpRequestWithAuthentication.call(
			withCancelSignal(ctx, abort.signal),
			CREDENTIAL_TYPE,
			helperOptions(request, abort.signal),
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
