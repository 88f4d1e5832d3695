/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Answers the node's requests in this process: n8n's request helper runs whole (credentials,
 * query, abort signal, full response), and only axios's network adapter is replaced by `serve`.
 * So a model-checked run costs no sockets, and thousands of requests fit in a second.
 */
import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { ErrorReporter } from 'n8n-core';

export interface SimRequest {
	method: string;
	url: URL;
	authorization?: string;
	signal?: AbortSignal;
}

export interface SimResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
}

export type Serve = (request: SimRequest) => Promise<SimResponse>;

let serving: Serve | undefined;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
	if (!serving) throw new Error('no in-process service is set (useInProcessService)');
	const url = new URL(config.url!);
	for (const [key, value] of Object.entries((config.params ?? {}) as Record<string, unknown>))
		if (value !== undefined) url.searchParams.set(key, String(value));
	const headers = AxiosHeaders.from(config.headers as never);
	const answer = await serving({
		method: (config.method ?? 'get').toUpperCase(),
		url,
		authorization: headers.get('authorization')?.toString(),
		signal: config.signal as AbortSignal | undefined,
	});
	const response = {
		data: answer.body,
		status: answer.status,
		statusText: '',
		headers: AxiosHeaders.from(answer.headers),
		config,
		request: {},
	};
	const valid = config.validateStatus?.(answer.status) ?? true;
	if (!valid)
		throw new axios.AxiosError(`status ${answer.status}`, undefined, config, {}, response);
	return response;
};

/** For a test file: requests to any URL go to `serve` while set (set per run with `use`). */
export function useInProcessService() {
	let before: typeof axios.defaults.adapter;
	const report = ErrorReporter.prototype.error;
	beforeAll(() => {
		before = axios.defaults.adapter;
		axios.defaults.adapter = adapter;
		// Thousands of runs fail on purpose: n8n would log each node error to stdout.
		ErrorReporter.prototype.error = () => {};
	});
	afterAll(() => {
		axios.defaults.adapter = before;
		ErrorReporter.prototype.error = report;
		serving = undefined;
	});
	return {
		use: (serve: Serve) => {
			serving = serve;
		},
	};
}

/** A failure with no answer, as Node.js's HTTP client gives it. */
export function networkError(code: 'ECONNRESET' | 'ECONNREFUSED', message: string) {
	return Object.assign(new Error(message), { code });
}
