/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A service with a personality, in front of the sandbox: real HTTP on loopback, every request
 * passed on to the sandbox, except that (`rateLimit`) requests over a budget per fixed window are
 * answered 429 with the seconds until the window ends as Retry-After, and (`skewMs`) the service's
 * clock is off by that much: its Date header and every time in its answers (createdAt,
 * updatedAt, startedAt, finishedAt) are shifted, as a service with a clock behind or ahead shows
 * them; (`date`) its Date header is another's, as a reverse proxy that writes its own (or a broken
 * one) sends it; (`writeTime`) its times are written in another form (no zone, a space). It logs when each request arrived and, for a 429, when it was answered and how long the
 * service asked to wait; (`now`) on a test's clock (test/harness/clock.ts) instead of the real one.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import type { Sandbox } from '../../sandbox/server';
import { listenLocally } from './fake-server';
import { freshRequest } from './fresh-http';

export interface ProxyOptions {
	rateLimit?: { requests: number; windowMs: number };
	skewMs?: number;
	/** The Date header sent at our time `now` (by default the service's clock, skewed). */
	date?: (now: number) => string;
	/** The clock its rate limit, its log and its Date header go by. */
	now?: () => number;
	/** How it writes a time (ms): ISO 8601 in UTC with `Z` by default. */
	writeTime?: (ms: number) => string;
}

export interface ProxiedRequest {
	path: string;
	at: number;
	/** For a 429: when it was answered and the Retry-After it gave (ms). */
	refused?: { at: number; retryAfterMs: number };
}

export interface ServiceProxy {
	url: string;
	requests: ProxiedRequest[];
	close(): Promise<void>;
}

const TIMES = new Set(['createdAt', 'updatedAt', 'startedAt', 'finishedAt']);

const iso = (ms: number) => new Date(ms).toISOString();

/** Every time field of a JSON answer moved by `skewMs`, written by `write`. */
function shiftTimes(value: unknown, skewMs: number, write = iso): unknown {
	if (Array.isArray(value)) return value.map((item) => shiftTimes(item, skewMs, write));
	if (typeof value !== 'object' || value === null) return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, item]) => {
			const time = TIMES.has(key) && typeof item === 'string' ? Date.parse(item) : NaN;
			if (!Number.isNaN(time)) return [key, write(time + skewMs)];
			return [key, shiftTimes(item, skewMs, write)];
		}),
	);
}

export async function serviceProxy(
	sandbox: Sandbox,
	options: ProxyOptions = {},
): Promise<ServiceProxy> {
	const requests: ProxiedRequest[] = [];
	const skewMs = options.skewMs ?? 0;
	const now = options.now ?? Date.now;
	const date = options.date ?? ((now: number) => new Date(now + skewMs).toUTCString());
	let window = { start: 0, used: 0 };

	const reply = (res: ServerResponse, status: number, text: string, headers = {}) => {
		res.writeHead(status, {
			'Content-Type': 'application/json',
			'Content-Length': Buffer.byteLength(text),
			Date: date(now()),
			...headers,
		});
		res.end(text);
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const entry: ProxiedRequest = { path: req.url ?? '', at: now() };
		requests.push(entry);
		const limit = options.rateLimit;
		if (limit) {
			const at = now();
			if (at - window.start >= limit.windowMs) window = { start: at, used: 0 };
			if (++window.used > limit.requests) {
				const retryAfter = Math.ceil((window.start + limit.windowMs - at) / 1000);
				entry.refused = { at, retryAfterMs: retryAfter * 1000 };
				const body = { error: { code: 'rate_limited', message: 'Too many requests.' } };
				return reply(res, 429, JSON.stringify(body), { 'Retry-After': String(retryAfter) });
			}
		}
		const answer = await freshRequest(`${sandbox.url}${req.url}`, {
			method: req.method,
			headers: { authorization: req.headers.authorization ?? '' },
		});
		const text = answer.text;
		let body = text;
		try {
			if (skewMs !== 0 || options.writeTime)
				body = JSON.stringify(shiftTimes(JSON.parse(text), skewMs, options.writeTime));
		} catch {
			// not JSON: passed on as it is
		}
		const retryAfter = answer.headers.get('retry-after');
		reply(res, answer.status, body, retryAfter ? { 'Retry-After': retryAfter } : {});
	};

	const server = createServer((req, res) => {
		req.resume();
		handle(req, res).catch(() => res.destroy());
	});
	return { ...(await listenLocally(server)), requests };
}

/** Proxies for a test file: `proxy(sandbox, options)` starts one, closed once the file is done. */
export function useServiceProxies() {
	const proxies: ServiceProxy[] = [];
	afterAll(async () => {
		await Promise.all(proxies.map(async (proxy) => await proxy.close()));
	});
	return async function proxy(sandbox: Sandbox, options: ProxyOptions = {}) {
		const started = await serviceProxy(sandbox, options);
		proxies.push(started);
		return started;
	};
}
