/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A shared n8n's control: a small HTTP server on loopback through which suites attach, detach,
 * take and release their exclusive turn (decided by n8n-host-state.ts), and, during it, stop and
 * start n8n's processes. Every request answers at once, except stop and start, which answer once
 * the process has exited or is ready; a suite asks again until it is let in (shared-n8n.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { HostedN8n } from './n8n-hosted';
import type { HostState } from './n8n-host-state';

interface Order {
	pid: number;
	suite?: string;
	exclusive?: boolean;
	process?: string;
	signal?: NodeJS.Signals;
	escalateAfterMs?: number | null;
}

function read(req: IncomingMessage): Promise<Order> {
	return new Promise((resolve, reject) => {
		let text = '';
		req.on('data', (chunk) => (text += chunk));
		req.on('end', () => {
			try {
				resolve(JSON.parse(text || '{}'));
			} catch (error) {
				reject(error);
			}
		});
	});
}

const answer = (res: ServerResponse, status: number, body: object) => {
	res.writeHead(status, { 'content-type': 'application/json' });
	res.end(JSON.stringify(body));
};

/** Serves the control of `hosted` on a free loopback port; returns its URL and how to close it. */
export async function serveControl(
	hosted: HostedN8n,
	state: HostState,
	log: (line: string) => void,
) {
	const routes: Record<string, (order: Order) => Promise<object>> = {
		'/attach': async ({ pid, suite = `process ${pid}`, exclusive }) => {
			const decision = state.attach(pid, suite, exclusive);
			if (decision.ok) log(`${suite} attached${exclusive ? ' exclusively' : ''} (${pid})`);
			return decision;
		},
		'/release': async ({ pid }) => (state.release(pid), { ok: true }),
		'/detach': async ({ pid }) => (state.detach(pid), { ok: true }),
		'/stop': async ({ pid, process = 'main', signal = 'SIGTERM', escalateAfterMs }) => {
			if (!state.holds(pid)) throw new Error('stop and start only in an exclusive turn');
			log(`${signal} to ${process}`);
			await hosted.stopProcess(process, signal, escalateAfterMs ?? undefined);
			return { ok: true };
		},
		'/start': async ({ pid, process = 'main' }) => {
			if (!state.holds(pid)) throw new Error('stop and start only in an exclusive turn');
			log(`starting ${process}`);
			await hosted.startProcess(process);
			return { ok: true };
		},
	};
	const server = createServer((req, res) => {
		const route = routes[req.url ?? ''];
		if (req.method !== 'POST' || !route) return answer(res, 404, { error: 'no such order' });
		read(req)
			.then(route)
			.then((body) => answer(res, 200, body))
			.catch((error: Error) => answer(res, 409, { error: error.message }));
	});
	// Stop and start answer when done: no limit of Node.js's on how long a request may take.
	server.requestTimeout = 0;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
