/**
 * The credential test passes only for an answer shaped like the Asset Workspace API's (a list of
 * assets with its paging `meta`): an HTML login page or another service's JSON answering 200 fails
 * it with a clear message. Evaluated as n8n's credentials tester does (the request through
 * n8n-core's RoutingNode, then the test's rules on the answer), against small servers on
 * loopback and the sandbox. About 2 s.
 */
import { fakeServer, sendJson, type FakeServer } from '../harness/fake-server';
import { OWNER } from '../harness/http';
import { testCredential } from '../harness/engine';
import { useSandbox } from '../harness/fixtures';

const env = useSandbox();
const NOT_THE_API =
	'The base URL answers, but not as the Asset Workspace API does (no list of assets came back): it may be a login page, a proxy or another service. Check the address.';

async function answering(status: number, body: string, contentType: string) {
	return await fakeServer((_req, res) => {
		res.writeHead(status, {
			'Content-Type': contentType,
			'Content-Length': Buffer.byteLength(body),
		});
		res.end(body);
	});
}

async function tested(server: FakeServer) {
	try {
		return await testCredential({ baseUrl: server.url, apiKey: OWNER });
	} finally {
		await server.close();
	}
}

test('an HTML login page answering 200 fails the test', async () => {
	const page =
		'<!doctype html><html><head><title>Sign in</title></head><body><form></form></body></html>';
	expect(await tested(await answering(200, page, 'text/html; charset=utf-8'))).toEqual({
		status: 'Error',
		message: NOT_THE_API,
	});
});

test.each([
	['a health check', { status: 'ok', version: '10.4.2' }],
	['a list without paging', { data: [] }],
	['paging without a list', { meta: { limit: 1, offset: 0, hasMore: false } }],
])('another service’s JSON answering 200 (%s) fails the test', async (_case, body) => {
	expect(await tested(await fakeServer((_req, res) => sendJson(res, 200, body)))).toEqual({
		status: 'Error',
		message: NOT_THE_API,
	});
});

test('an answer shaped like the API’s passes: the sandbox, and a bare listing', async () => {
	expect(await testCredential(env.credentials)).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
	const listing = { data: [], meta: { limit: 1, offset: 0, hasMore: false } };
	expect(await tested(await fakeServer((_req, res) => sendJson(res, 200, listing)))).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
});
