/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: a connection the service closes just as a request arrives on it (the race of a client
 * reusing a kept-alive connection that the server's idle timer is closing) costs no answer and no
 * second job. In n8n's engine, through its request helper, against a hostile proxy in front of the
 * sandbox that closes, unanswered, the first request to arrive after one it answered: a GET is
 * sent again and answered; an Execute POST, which reached the service, is not sent again, and the
 * error says a job may exist.
 *
 * n8n's helper itself opens a connection per request (`Connection: close`: n8n 2.41's agents and
 * n8n-core 1.122's keep nothing alive), so the proxy closes that request's own connection; to the
 * node it is the same as a reused one's: a request written, then the connection gone with no
 * answer. The proxy also notes reuse, should n8n ever keep connections. About 0.5 s.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import { SEED_IDS } from '../../sandbox/seed';
import { listenLocally } from '../harness/fake-server';
import { freshRequest } from '../harness/fresh-http';
import { OWNER, sandboxJobs } from '../harness/http';
import { executeAsset, getAsset, json, useSandbox } from '../harness/fixtures';
import { runNode } from '../harness/engine';

const env = useSandbox();

interface Seen {
	method: string;
	url: string;
	/** It came on a connection that had carried a request before. */
	reused: boolean;
	/** The proxy closed its connection as it arrived, unanswered. */
	closed: boolean;
}

/** Passes requests on to the sandbox, but closes the first one after an answered one unanswered. */
async function closesAsTheNextRequestArrives() {
	const seen: Seen[] = [];
	const served = new WeakSet<Socket>();
	const server = createServer((req: IncomingMessage, res: ServerResponse) => {
		const reused = served.has(req.socket);
		const closed = seen.length > 0 && !seen.some((request) => request.closed);
		seen.push({ method: req.method ?? '', url: req.url ?? '', reused, closed });
		if (closed) {
			req.socket.destroy(); // its idle time ran out as the request came
			return;
		}
		served.add(req.socket);
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const answer = await freshRequest(`${env.sandbox.url}${req.url}`, {
				method: req.method,
				headers: {
					authorization: req.headers.authorization ?? '',
					'content-type': 'application/json',
				},
				body: chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined,
			});
			res.writeHead(answer.status, { 'content-type': 'application/json' });
			res.end(answer.text);
		});
	});
	return { ...(await listenLocally(server)), seen };
}

let proxy: Awaited<ReturnType<typeof closesAsTheNextRequestArrives>>;
beforeEach(async () => {
	proxy = await closesAsTheNextRequestArrives();
});
afterEach(() => proxy.close());

test('a GET whose connection closes as it arrives is sent again and answered', async () => {
	const ids = [SEED_IDS.revenueForecast, SEED_IDS.stripePayments, SEED_IDS.webAnalytics];
	const result = await runNode({
		credentials: { baseUrl: proxy.url, apiKey: OWNER },
		parameters: getAsset('={{ $json.id }}'),
		items: ids.map((id) => ({ id })),
	});
	expect(result.error).toBeUndefined();
	expect(json(result).map((asset) => asset.id)).toEqual(ids);
	const get = (id: string) => proxy.seen.filter((r) => r.url.endsWith(`/assets/${id}`));
	expect(get(ids[1]).map((r) => r.closed)).toEqual([true, false]); // closed, sent again, answered
	expect(get(ids[0])).toHaveLength(1);
	expect(get(ids[2])).toHaveLength(1);
});

test('an Execute POST whose connection closes as it arrives is not sent again: one job, and a clear error', async () => {
	const before = (await sandboxJobs(env.sandbox)).length;
	const result = await runNode({
		credentials: { baseUrl: proxy.url, apiKey: OWNER },
		parameters: executeAsset(),
		items: [{ id: SEED_IDS.revenueForecast }, { id: SEED_IDS.stripePayments }],
	});
	const posts = proxy.seen.filter((request) => request.method === 'POST');
	expect(posts.map((post) => [post.url.split('/')[5], post.closed])).toEqual([
		[SEED_IDS.revenueForecast, false],
		[SEED_IDS.stripePayments, true], // reached the service, then no answer: never sent again
	]);
	expect((await sandboxJobs(env.sandbox)).length).toBe(before + 1);
	expect(result.error?.message).toContain(
		'the request may have reached the service, so it was not sent again [connection reset]',
	);
	expect(result.error?.description).toContain('A job may have been queued');
});
