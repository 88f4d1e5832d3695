/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Ports for the n8n processes, task brokers, Redis and PostgreSQL the end-to-end suites start,
 * unique across the jest workers side by side: n8n binds its port seconds after it was chosen.
 * A port comes from below the range the OS hands out for port 0 (32768 and up on Linux), and the
 * process that picks it claims it by listening on an abstract Unix socket named after it: only
 * one process can, and the kernel drops the claim when that process exits, however it exits.
 * Where abstract sockets do not exist (macOS), the OS picks the port.
 */
import { createServer } from 'node:net';

const FIRST = 20_000;
const LAST = 32_000;
let next = FIRST + Math.floor(Math.random() * (LAST - FIRST));

/** Listens on `address` (a port on 127.0.0.1, or a socket name); false when it is taken. */
function listen(address: string | number, keep: boolean): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		const bound = () => (keep ? resolve(!!server.unref()) : server.close(() => resolve(true)));
		if (typeof address === 'number') server.listen(address, '127.0.0.1', bound);
		else server.listen(address, bound);
	});
}

/** A free TCP port on 127.0.0.1 that no other process of these tests has been given. */
export async function freePort(): Promise<number> {
	if (process.platform !== 'linux') {
		const server = createServer().listen(0, '127.0.0.1');
		await new Promise((resolve) => server.once('listening', resolve));
		const { port } = server.address() as { port: number };
		await new Promise((resolve) => server.close(resolve));
		return port;
	}
	for (let tries = 0; tries <= LAST - FIRST; tries++) {
		const port = next;
		next = next === LAST ? FIRST : next + 1;
		if (
			(await listen(`\0n8n-nodes-asset-workspace-port-${port}`, true)) &&
			(await listen(port, false))
		)
			return port;
	}
	throw new Error(`no free port between ${FIRST} and ${LAST}`);
}

/** Whether a program listens on 127.0.0.1:`port` (npm run dev says so of 5678). */
export const portTaken = async (port: number) => !(await listen(port, false));
