/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox: a local HTTP server that implements the Asset Workspace public API v1, picking
 * one concrete behaviour wherever the contract leaves a point open (docs/sandbox.md lists each
 * choice), plus control endpoints under /__sandbox/ for tests and demos.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { localUrl } from './addresses';
import { Churn } from './churn';
import { REAL_CLOCK, type SandboxClock } from './clock';
import { controlRoute } from './control';
import { ApiError } from './errors';
import { answerWithFault, type Fault } from './faults';
import {
	API_PREFIX,
	bearer,
	errorReply,
	MAX_BODY_BYTES,
	REQUEST_LOG_LIMIT,
	send,
	tooLarge,
	type Reply,
} from './http';
import type { LoggedRequest } from './requestLog';
import { publicRoute } from './routes';
import { KEYS } from './seed';
import { Workspace } from './workspace';

export { API_PREFIX } from './http';
export { FAULT_KINDS, type Fault, type FaultKind } from './faults';
export { MAX_BODY_BYTES, REQUEST_LOG_LIMIT } from './http';
export type { LoggedRequest } from './requestLog';

export interface SandboxOptions {
	port?: number;
	host?: string;
	jobStepMs?: number;
	latencyMs?: number;
	assets?: number;
	/** Every this many ms, a new model version (every other one published) and a changed asset. */
	churnMs?: number;
	/** Its time and waits (by default the real clock's). */
	clock?: SandboxClock;
}

export interface Sandbox {
	/** Where to connect from this machine (loopback when listening on every interface). */
	url: string;
	/** The address it listens on, as the server has it (0.0.0.0 for `host: '0.0.0.0'`). */
	address: AddressInfo;
	port: number;
	workspace: Workspace;
	requests: LoggedRequest[];
	close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const latencyMs = options.latencyMs ?? 0;
	const clock = options.clock ?? REAL_CLOCK;
	const workspace = new Workspace({
		jobStepMs: options.jobStepMs ?? 1000,
		generated: options.assets ?? 0,
		now: clock.now,
	});
	const faults: Fault[] = [];
	const requests: LoggedRequest[] = [];
	const sockets = new Set<Socket>();
	const state = { workspace, faults, requests };

	const takeFault = (method: string, path: string, query: URLSearchParams): Fault | undefined => {
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
	};

	const handle = async (req: IncomingMessage, res: ServerResponse) => {
		const started = clock.now();
		// A test's clock tells the Date header too (Node's own is the real clock's).
		const stamp = () => {
			if (options.clock && !res.headersSent)
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
		const entry: LoggedRequest = {
			method,
			path,
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
		const key = workspace.keyFor(bearer(req));
		// Only requests with a valid key are logged, and only the newest REQUEST_LOG_LIMIT of them.
		if (isPublic && key) {
			res.once('close', () => {
				if (!res.writableFinished) entry.unanswered = true;
			});
			requests.push(entry);
			if (requests.length > REQUEST_LOG_LIMIT)
				requests.splice(0, requests.length - REQUEST_LOG_LIMIT);
		}

		const reply = async (): Promise<Reply> => {
			try {
				if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
				if (!key) {
					return errorReply(401, 'unauthorized', 'Missing or invalid bearer token.', {
						'WWW-Authenticate': 'Bearer',
					});
				}
				if (isPublic) {
					return (
						(await publicRoute(workspace, key, method, path, url.searchParams, req)) ??
						errorReply(404, 'not_found', `No endpoint ${method} ${path}.`)
					);
				}
				if (path.startsWith('/__sandbox/'))
					return await controlRoute(state, key, method, path, req);
				return errorReply(
					404,
					'not_found',
					`No endpoint ${method} ${path}. The API lives under ${API_PREFIX}.`,
				);
			} catch (error) {
				if (error instanceof ApiError) return errorReply(error.status, error.code, error.message);
				return errorReply(500, 'internal_error', 'Unexpected error in the sandbox.');
			}
		};

		if (isPublic && latencyMs > 0) await hold(latencyMs);
		const fault = isPublic ? takeFault(method, path, url.searchParams) : undefined;
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
	};

	const churning = new Churn(workspace, KEYS[0]);
	const churn = options.churnMs ? setInterval(() => churning.step(), options.churnMs) : undefined;
	const server: Server = createServer((req, res) => {
		handle(req, res).catch(() => {
			if (!res.headersSent)
				send(res, errorReply(500, 'internal_error', 'Unexpected error in the sandbox.'));
			else res.destroy();
		});
	});
	server.keepAliveTimeout = 5000;
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
	});
	const address = server.address() as AddressInfo;
	return {
		url: localUrl(address),
		address,
		port: address.port,
		workspace,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				clearInterval(churn);
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
