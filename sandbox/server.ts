/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox: a local HTTP server that implements the Asset Workspace public API v1, picking
 * one concrete behaviour wherever the contract leaves a point open (docs/sandbox.md lists each
 * choice), plus control endpoints under /__sandbox/ for tests and demos.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { localUrl } from './addresses';
import { Churn } from './churn';
import { REAL_CLOCK, type SandboxClock } from './clock';
import type { Fault } from './faults';
import { handleRequest, type HandlerContext } from './handler';
import { errorReply, send } from './http';
import type { LoggedRequest } from './requestLog';
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
	/** A job is final only once GET /jobs/{jobId} has answered it this often (0: by time alone). */
	jobReadsBeforeFinal?: number;
	latencyMs?: number;
	assets?: number;
	/** The generated assets' names spelt four ways each (Generated 0001, generated 0001,
	 * GENERATED 0001, gENERATED 0001), which the sandbox sorts as equal. */
	nearEqualNames?: boolean;
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
		jobReadsBeforeFinal: options.jobReadsBeforeFinal,
		generated: options.assets ?? 0,
		nearEqualNames: options.nearEqualNames,
		now: clock.now,
	});
	const faults: Fault[] = [];
	const requests: LoggedRequest[] = [];
	const sockets = new Set<Socket>();
	const context: HandlerContext = {
		workspace,
		faults,
		requests,
		clock,
		testClock: Boolean(options.clock),
		latencyMs,
	};

	const churning = new Churn(workspace, KEYS[0]);
	const churn = options.churnMs ? setInterval(() => churning.step(), options.churnMs) : undefined;
	const server: Server = createServer((req, res) => {
		handleRequest(context, req, res).catch(() => {
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
