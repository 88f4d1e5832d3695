/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Faults the sandbox injects into public API answers, for the reliability tests. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { errorReply, send, type Reply } from './http';

export const FAULT_KINDS = [
	'status',
	'reset',
	'hang',
	'slow-body',
	'html',
	'malformed-json',
	'empty-body',
	'wrong-shape',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
	match: string;
	method?: string;
	/** Only requests whose query has these values (for example one page: `{ offset: '300' }`). */
	query?: Record<string, string>;
	times: number;
	fault: FaultKind;
	status?: number;
	retryAfterSeconds?: number;
	delayMs?: number;
	/** Echo the request's headers (Authorization included), as careless servers do: into the error message of
	 * `status` and `html` faults, into `data.echo` of a `slow-body` answer. */
	echoRequest?: boolean;
}

/**
 * Applies a fault to a request. Faults that model a lost or garbled answer run after the request
 * was handled. `hold` waits on the sandbox's clock (Infinity: until the client goes away).
 */
export async function answerWithFault(
	res: ServerResponse,
	fault: Fault,
	reply: () => Promise<Reply>,
	req: IncomingMessage,
	hold: (ms: number) => Promise<void>,
) {
	if (fault.delayMs && fault.fault !== 'slow-body') await hold(fault.delayMs);
	const echo = fault.echoRequest ? ` Request headers: ${JSON.stringify(req.headers)}` : '';
	switch (fault.fault) {
		case 'status': {
			const headers: Record<string, string> = {};
			if (fault.retryAfterSeconds !== undefined)
				headers['Retry-After'] = String(fault.retryAfterSeconds);
			const code =
				fault.status === 429
					? 'rate_limited'
					: fault.status! >= 500
						? 'internal_error'
						: 'injected_fault';
			send(
				res,
				errorReply(fault.status!, code, `Injected fault: status ${fault.status}.${echo}`, headers),
			);
			return fault.status!;
		}
		case 'html': {
			const status = fault.status ?? 502;
			const page = `<!DOCTYPE html><html><head><title>${status} Bad Gateway</title></head><body><h1>${status} Bad Gateway</h1><p>The upstream server did not answer.${echo}</p></body></html>`;
			res.writeHead(status, {
				'Content-Type': 'text/html; charset=utf-8',
				'Content-Length': Buffer.byteLength(page),
			});
			res.end(page);
			return status;
		}
		default:
			break;
	}
	const real = await reply();
	switch (fault.fault) {
		case 'reset':
			req.socket.destroy();
			return null;
		case 'hang':
			void hold(Infinity);
			return null;
		case 'slow-body': {
			const body = real.body as { data?: unknown };
			if (
				fault.echoRequest &&
				body.data &&
				typeof body.data === 'object' &&
				!Array.isArray(body.data)
			) {
				(body.data as Record<string, unknown>).echo = req.headers;
			}
			const text = JSON.stringify(body);
			res.writeHead(real.status, {
				'Content-Type': 'application/json; charset=utf-8',
				'Content-Length': Buffer.byteLength(text),
				...real.headers,
			});
			const pieces = 10;
			const size = Math.ceil(text.length / pieces);
			for (let i = 0; i < pieces && !res.destroyed; i++) {
				res.write(text.slice(i * size, (i + 1) * size));
				await hold((fault.delayMs ?? 2000) / pieces);
			}
			res.end();
			return real.status;
		}
		case 'malformed-json': {
			const text = JSON.stringify(real.body).slice(0, 25);
			res.writeHead(fault.status ?? real.status, {
				'Content-Type': 'application/json',
				'Content-Length': Buffer.byteLength(text),
			});
			res.end(text);
			return fault.status ?? real.status;
		}
		case 'empty-body':
			res.writeHead(fault.status ?? real.status, {
				'Content-Type': 'application/json',
				'Content-Length': 0,
			});
			res.end();
			return fault.status ?? real.status;
		case 'wrong-shape': {
			const data = (real.body as { data?: unknown }).data;
			send(res, {
				status: fault.status ?? real.status,
				body: { data: Array.isArray(data) ? { items: data } : [{ unexpected: true }] },
			});
			return fault.status ?? real.status;
		}
		default:
			throw new Error(`unknown fault ${String(fault.fault)}`);
	}
}
