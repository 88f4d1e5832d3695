/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's request log, which tests and the control API read: one entry per public API
 * request with a valid key, the newest REQUEST_LOG_LIMIT of them.
 */
import type { ServerResponse } from 'node:http';

import type { FaultKind } from './faults';
import { REQUEST_LOG_LIMIT } from './http';

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	status: number | null;
	fault: FaultKind | null;
	time: string;
	durationMs: number;
	/** The connection closed before the whole answer was written (the client went away, or a fault). */
	unanswered?: true;
}

/** A request's entry before it is answered: its method, path and query, and when it came. */
export function newEntry(method: string, url: URL, started: number): LoggedRequest {
	return {
		method,
		path: url.pathname,
		query: Object.fromEntries(
			[...url.searchParams.keys()].map((k) => {
				const all = url.searchParams.getAll(k);
				return [k, all.length === 1 ? all[0] : all];
			}),
		),
		status: null,
		fault: null,
		time: new Date(started).toISOString(),
		durationMs: 0,
	};
}

/** Adds `entry` to the log (dropping the oldest beyond the limit); marks it unanswered if `res` closes first. */
export function logRequest(requests: LoggedRequest[], entry: LoggedRequest, res: ServerResponse) {
	res.once('close', () => {
		if (!res.writableFinished) entry.unanswered = true;
	});
	requests.push(entry);
	if (requests.length > REQUEST_LOG_LIMIT) requests.splice(0, requests.length - REQUEST_LOG_LIMIT);
}
