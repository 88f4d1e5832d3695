/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * HTTP for the tests' own requests (to the sandbox, fake servers, n8n): each request on a
 * connection of its own, closed after its answer. A client that keeps an idle connection for the
 * next request races the server closing it (Node.js's server after 5 s idle): a request written
 * as the server closes fails with ECONNRESET, which a loaded machine makes likely (issue 36).
 * Sending again only idempotent requests would leave the sandbox's control POSTs exposed and
 * hide its `reset` fault; a server keep-alive longer than the client's only moves the race to a
 * longer stall. With no reuse there is no race, for a loopback connect of well under a millisecond.
 */
import { request } from 'node:http';

export interface FreshRequest {
	method?: string;
	headers?: Record<string, string>;
	body?: string;
	signal?: AbortSignal;
}

export interface FreshResponse {
	status: number;
	ok: boolean;
	headers: Headers;
	text: string;
}

/** Sends one request on a new connection and reads its whole answer as text. */
export function freshRequest(url: string, options: FreshRequest = {}): Promise<FreshResponse> {
	return new Promise((resolve, reject) => {
		const req = request(
			url,
			{ method: options.method ?? 'GET', headers: options.headers, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('error', reject);
				res.on('end', () => {
					const headers = new Headers();
					for (const [name, value] of Object.entries(res.headers))
						for (const one of Array.isArray(value) ? value : [value ?? ''])
							headers.append(name, one);
					const status = res.statusCode ?? 0;
					const text = Buffer.concat(chunks).toString('utf8');
					resolve({ status, ok: status >= 200 && status < 300, headers, text });
				});
			},
		);
		req.on('error', reject);
		if (options.signal) {
			const abort = () => req.destroy(options.signal!.reason as Error);
			if (options.signal.aborted) abort();
			else options.signal.addEventListener('abort', abort, { once: true });
			req.on('close', () => options.signal!.removeEventListener('abort', abort));
		}
		req.end(options.body);
	});
}
