/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/** The sandbox's HTTP basics: replies, the body limit, path segments and parameter checks. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { ApiError } from './errors';

export const API_PREFIX = '/api/public/v1';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Reply {
	status: number;
	body: unknown;
	headers?: Record<string, string>;
}

export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function errorReply(
	status: number,
	code: string,
	message: string,
	headers?: Record<string, string>,
): Reply {
	return { status, body: { error: { code, message } }, headers };
}

export function requireUuid(name: string, value: string) {
	if (!UUID.test(value)) {
		throw new ApiError(
			400,
			'invalid_parameter',
			`Path parameter '${name}' must be a UUID, got '${value}'.`,
		);
	}
	return value.toLowerCase();
}

/** Strict integer query parameter: digits only, within bounds, given at most once. */
export function integerParam(
	query: URLSearchParams,
	name: string,
	fallback: number,
	min: number,
	max: number,
): number {
	const values = query.getAll(name);
	if (values.length === 0) return fallback;
	const bounds = max === Infinity ? `>= ${min}` : `between ${min} and ${max}`;
	const invalid = () =>
		new ApiError(
			400,
			'invalid_parameter',
			`Query parameter '${name}' must be an integer ${bounds}, got '${values.join(',')}'.`,
		);
	if (values.length > 1 || !/^\d+$/.test(values[0])) throw invalid();
	const value = Number(values[0]);
	if (!Number.isSafeInteger(value) || value < min || value > max) throw invalid();
	return value;
}

/** The largest request body the sandbox reads; a bigger one is answered 413 and the connection closed. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** How many public API requests the request log keeps (the oldest are dropped first). */
export const REQUEST_LOG_LIMIT = 10_000;

export const tooLarge = () =>
	new ApiError(413, 'payload_too_large', `Request bodies are limited to ${MAX_BODY_BYTES} bytes.`);

export async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BODY_BYTES) throw tooLarge();
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks).toString('utf8');
}

/** Path segments, decoded; a malformed percent-encoding is the client's error (400). */
export function pathSegments(path: string): string[] {
	try {
		return path.split('/').filter(Boolean).map(decodeURIComponent);
	} catch {
		throw new ApiError(400, 'invalid_parameter', 'The path is not valid percent-encoding.');
	}
}

export function bearer(req: IncomingMessage): string | undefined {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
	return match?.[1];
}

export function send(res: ServerResponse, reply: Reply) {
	const text = JSON.stringify(reply.body);
	res.writeHead(reply.status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Content-Length': Buffer.byteLength(text),
		...reply.headers,
	});
	res.end(text);
}
