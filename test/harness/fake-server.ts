/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A small HTTP server with a handler written by the test, for behaviour the sandbox must not
 * have (redirects, endless bodies, ignoring offset, echoing the key in odd ways). Real HTTP
 * over loopback, like the sandbox; it records each request's method, URL and headers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeRequest {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	/** When it arrived (Date.now()). */
	at: number;
}

export interface FakeServer {
	url: string;
	requests: FakeRequest[];
	close(): Promise<void>;
}

export async function fakeServer(
	handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<FakeServer> {
	const requests: FakeRequest[] = [];
	const server = createServer((req, res) => {
		requests.push({
			method: req.method ?? '',
			url: req.url ?? '',
			headers: req.headers,
			at: Date.now(),
		});
		req.resume();
		handler(req, res);
	});
	return { ...(await listenLocally(server)), requests };
}

/** Fake servers for a test file: `serve(handler)` starts one, closed after the test that started it. */
export function useFakeServers() {
	const servers: FakeServer[] = [];
	afterEach(async () => {
		await Promise.all(servers.splice(0).map(async (server) => await server.close()));
	});
	return async function serve(handler: Parameters<typeof fakeServer>[0]) {
		const server = await fakeServer(handler);
		servers.push(server);
		return server;
	};
}

/** A handler that answers every request with the API's error body, `status` and `headers`. */
export const answerError =
	(status: number, code: string, message: string, headers: Record<string, string> = {}) =>
	(_req: IncomingMessage, res: ServerResponse) =>
		sendJson(res, status, { error: { code, message } }, headers);

/** Listens on a free port of 127.0.0.1; `close` also ends the connections still open. */
export async function listenLocally(server: Server) {
	const sockets = new Set<Socket>();
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
) {
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Content-Length': Buffer.byteLength(text),
		...headers,
	});
	res.end(text);
}
