/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Ports for the n8n processes, task brokers, Redis and PostgreSQL that the end-to-end suites
 * start, unique across every process on this machine: `npm test` runs several suites side by
 * side, each in its own jest process, and n8n binds its port seconds after it was chosen.
 *
 * A port comes from below the range the OS hands out for port 0 and outgoing connections
 * (32768 and up on Linux), so nothing else is given it in the meantime. The process that picks
 * it claims it by listening on an abstract Unix socket named after it (Linux): only one process
 * can, and the kernel drops the claim when that process exits, however it exits. Where abstract
 * sockets do not exist (macOS), the OS picks the port (never the same one twice in a process).
 */
import { createServer } from 'node:net';

export const FIRST = 20_000;
export const LAST = 32_000;
let next = FIRST + Math.floor(Math.random() * (LAST - FIRST));

/** The port to try after `port`: the next one up, from LAST back to FIRST. */
export const portAfter = (port: number) => (port === LAST ? FIRST : port + 1);

/** Listens on `address` (never closed; it does not keep the process alive): false when taken. */
function listen(address: string | number): Promise<boolean> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', (error: NodeJS.ErrnoException) =>
			error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
		);
		server.listen(address, () => {
			server.unref();
			resolve(true);
		});
	});
}

function bindable(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/** Ports the OS gave this process: it may offer one again right after it was closed. */
const given = new Set<number>();

async function osPort(): Promise<number> {
	const port = await new Promise<number>((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
	if (given.has(port)) return await osPort();
	given.add(port);
	return port;
}

/** A free TCP port on 127.0.0.1 that no other process of these tests has been given. */
export async function freePort(): Promise<number> {
	if (process.platform !== 'linux') return await osPort();
	for (let tries = 0; tries <= LAST - FIRST; tries++) {
		const port = next;
		next = portAfter(next);
		if ((await listen(`\0n8n-nodes-asset-workspace-port-${port}`)) && (await bindable(port)))
			return port;
	}
	throw new Error(`no free port between ${FIRST} and ${LAST}`);
}

/** Whether a program listens on 127.0.0.1:`port` (npm run dev says so of 5678). */
export function portTaken(port: number): Promise<boolean> {
	return new Promise<boolean>((done) => {
		const server = createServer();
		server.once('error', () => done(true));
		server.listen(port, '127.0.0.1', () => server.close(() => done(false)));
	});
}
