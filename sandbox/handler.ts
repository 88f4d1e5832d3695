/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * How the sandbox answers one request: on its clock (the Date header, the latency), logged
 * (requestLog.ts), with the first matching injected fault (faults.ts) or the reply its route
 * gives (router.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { SandboxClock } from './clock';
import { answerWithFault, type Fault } from './faults';
import { API_PREFIX, bearer, send } from './http';
import { logRequest, newEntry } from './requestLog';
import { routeRequest, type SandboxState } from './router';

export interface HandlerContext extends SandboxState {
	clock: SandboxClock;
	/** The clock is a test's: it tells the Date header too (Node's own is the real clock's). */
	testClock: boolean;
	latencyMs: number;
}

/** The first fault matching the request, counted down (and dropped once used up). */
function takeFault(faults: Fault[], method: string, path: string, query: URLSearchParams) {
	const index = faults.findIndex(
		(f) =>
			path.startsWith(f.match) &&
			(!f.method || f.method === method) &&
			Object.entries(f.query ?? {}).every(([name, value]) => query.get(name) === value),
	);
	if (index < 0) return undefined;
	const fault = faults[index];
	if (--fault.times <= 0) faults.splice(index, 1);
	return { ...fault };
}

export async function handleRequest(
	context: HandlerContext,
	req: IncomingMessage,
	res: ServerResponse,
) {
	const { clock, workspace } = context;
	const started = clock.now();
	const stamp = () => {
		if (context.testClock && !res.headersSent)
			res.setHeader('Date', new Date(clock.now()).toUTCString());
	};
	stamp();
	const closed = new Promise((resolve) => res.once('close', resolve));
	const hold = async (ms: number) => {
		await clock.hold(ms, closed);
		stamp();
	};
	const url = new URL(req.url ?? '/', 'http://sandbox');
	const method = (req.method ?? 'GET').toUpperCase();
	const path = url.pathname;
	const isPublic = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
	const entry = newEntry(method, url, started);
	const key = workspace.keyFor(bearer(req));
	// Only requests with a valid key are logged, and only the newest REQUEST_LOG_LIMIT of them.
	if (isPublic && key) logRequest(context.requests, entry, res);

	const reply = () => routeRequest(context, req, { key, method, url, isPublic });

	if (isPublic && context.latencyMs > 0) await hold(context.latencyMs);
	const fault = isPublic ? takeFault(context.faults, method, path, url.searchParams) : undefined;
	if (fault) {
		entry.fault = fault.fault;
		entry.status = await answerWithFault(res, fault, reply, req, hold);
	} else {
		const answer = await reply();
		entry.status = answer.status;
		// A body left unread (too large, or sent where none is expected) is not read to the end:
		// the connection closes after the answer.
		if (!req.complete) answer.headers = { ...answer.headers, Connection: 'close' };
		send(res, answer);
	}
	entry.durationMs = clock.now() - started;
}
