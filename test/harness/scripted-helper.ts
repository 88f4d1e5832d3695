/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A transport over n8n's request helper scripted answer by answer, on a test clock (clock.ts):
 * the transport's own code, with no HTTP and no n8n engine. Like n8n's helper, it aborts a
 * request by the context's execution cancel signal where the context has one, not by the
 * request's own (n8n-core's httpRequestWithAuthentication); `sent` holds what went out.
 */
import type { IHttpRequestOptions, INode, NodeApiError } from 'n8n-workflow';

import { jobEnvelopeSchema } from '../../nodes/shared/schemas';
import {
	AssetWorkspaceTransport,
	DEFAULT_TRANSPORT_SETTINGS,
	type RequestOptions,
} from '../../nodes/shared/transport';
import type { ApiContext } from '../../nodes/shared/transport/request/attempt';
import { TestClock } from './clock';

export const NODE = { id: 'n', name: 'Asset Workspace', type: 't', typeVersion: 1 } as INode;
export const KEY = 'aw_test_key_never_in_these_answers';
export const START = Date.UTC(2026, 10, 29, 12);

/** One answer: a status (headers, body, `after` ms on the clock), a network error, or a hang. */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown; after?: number };
export type Reply = Answer | Error | 'hang';

/** What the helper was handed, and when on the clock. */
export interface Sent {
	at: number;
	options: IHttpRequestOptions;
	credentials: unknown;
}

/** A transport whose helper answers `replies` in turn (the rate gate shut until `shutUntil`). */
export function scripted(replies: Reply[], shutUntil?: number) {
	const clock = new TestClock(START, () => 0.5);
	const execution = new AbortController();
	const sent: Sent[] = [];
	const credentialReads: number[] = [];
	async function httpRequestWithAuthentication(
		this: ApiContext,
		_type: string,
		options: IHttpRequestOptions,
		more: { credentialsDecrypted: { data: unknown } },
	) {
		const signal = 'getExecutionCancelSignal' in this ? this.getExecutionCancelSignal() : undefined;
		// axios, under n8n's helper, refuses a request already aborted before it goes out.
		if (signal?.aborted) throw new Error('canceled');
		sent.push({ at: clock.now(), options, credentials: more.credentialsDecrypted.data });
		const reply = replies.shift() ?? new Error('no answer scripted');
		if (reply === 'hang') {
			await clock.hold(Infinity, new Promise((end) => signal?.addEventListener('abort', end)));
			throw new Error('aborted');
		}
		if (reply instanceof Error) throw reply;
		if (reply.after) await clock.hold(reply.after, new Promise(() => {}));
		return { statusCode: reply.status, headers: reply.headers ?? {}, body: reply.body ?? '' };
	}
	const ctx = {
		getNode: () => NODE,
		getCredentials: async (_type: string, itemIndex: number) => {
			credentialReads.push(itemIndex);
			return { baseUrl: 'https://acme.example', apiKey: KEY };
		},
		getExecutionCancelSignal: () => execution.signal,
		helpers: { httpRequestWithAuthentication },
	} as unknown as ApiContext;
	const transport = new AssetWorkspaceTransport(
		ctx,
		{ ...DEFAULT_TRANSPORT_SETTINGS, clock },
		shutUntil,
	);
	const gaps = () => sent.slice(1).map((request, n) => request.at - sent[n].at);
	return { transport, clock, sent, gaps, execution, credentialReads };
}

/** Once `count` requests are out and the turn of the event loop the last came in is over. */
export async function untilSent(sent: unknown[], count = 1) {
	while (sent.length < count) await new Promise((turn) => setImmediate(turn));
	await new Promise((turn) => setImmediate(turn));
}

/** A job's answer, and the requests that read it (Job > Get) and queue it (Asset > Execute). */
export const JOB = { data: { jobId: 'j1', status: 'running', assetId: 'a1' } };
export const ok = { status: 200, body: JSON.stringify(JOB) };
export const GET: RequestOptions<typeof jobEnvelopeSchema> = {
	method: 'GET',
	path: ['jobs', 'j1'],
	schema: jobEnvelopeSchema,
	itemIndex: 0,
};
export const POST = {
	...GET,
	method: 'POST' as const,
	path: ['assets', 'a1', 'execute'],
	body: {},
};

/** The error a request fails with: its message, description, HTTP code and class. */
export async function failure(request: Promise<unknown>) {
	const error = await request.then(
		() => undefined,
		(thrown: unknown) => thrown,
	);
	expect(error).toBeInstanceOf(Error);
	const { message, description, httpCode } = error as NodeApiError;
	return { message, description, httpCode, type: (error as object).constructor };
}
