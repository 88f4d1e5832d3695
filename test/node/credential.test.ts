/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The credential: bearer auth, the base URL as the node and the credential test read it, and the
 * test n8n runs before saving (through n8n-core's RoutingNode), which refuses what the node
 * refuses. About 1.5 s.
 */
import { networkInterfaces } from 'node:os';

import { Workflow } from 'n8n-workflow';

import { BASE_URL_EXPRESSION, checkBaseUrl } from '../../nodes/shared/baseUrl';
import { SEED_IDS } from '../../sandbox/seed';
import { fakeServer, sendJson } from '../harness/fake-server';
import { OWNER, VIEWER } from '../harness/http';
import { nodeTypes, runNode, testCredential, type SandboxCredentials } from '../harness/engine';
import { json, nodeRunner, requestsOf, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);

test('a good key and base URL pass, with one cheap request', async () => {
	expect(await testCredential({ baseUrl: env.sandbox.url, apiKey: OWNER })).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
	expect(await testCredential({ baseUrl: env.sandbox.url, apiKey: VIEWER })).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
	expect(requestsOf(env.sandbox)).toEqual(['GET /assets?limit=1', 'GET /assets?limit=1']);
});

test('the key travels as a bearer header', async () => {
	await testCredential({ baseUrl: env.sandbox.url, apiKey: OWNER });
	expect(env.sandbox.requests[0].status).toBe(200);
	expect((await testCredential({ baseUrl: env.sandbox.url, apiKey: 'Bearer x' })).status).toBe(
		'Error',
	);
});

test('a wrong key is caught with a clear message', async () => {
	expect(await testCredential({ baseUrl: env.sandbox.url, apiKey: 'aw_not_a_key' })).toEqual({
		status: 'Error',
		message:
			'The API key was rejected (401): check the key, and that it was created in this workspace.',
	});
});

test('a wrong base URL is caught', async () => {
	expect(await testCredential({ baseUrl: `${env.sandbox.url}/elsewhere`, apiKey: OWNER })).toEqual({
		status: 'Error',
		message: 'No Asset Workspace API answers at this base URL (404): check the address.',
	});
	expect((await testCredential({ baseUrl: 'http://127.0.0.1:1', apiKey: OWNER })).status).toBe(
		'Error',
	);
});

test.each(['/', '//', '/api/public/v1', '/api/public/v1/', '  ', '/API/PUBLIC/V1'])(
	'base URL with %j appended still passes',
	async (suffix) => {
		const baseUrl =
			suffix.trim() === '' ? `  ${env.sandbox.url}${suffix}` : `${env.sandbox.url}${suffix}`;
		expect((await testCredential({ baseUrl, apiKey: OWNER })).status).toBe('OK');
	},
);

test('the credential test normalises the base URL exactly like the node', () => {
	const node = {
		id: 'n',
		name: 'N',
		type: 'n8n-nodes-asset-workspace.assetWorkspace',
		typeVersion: 1,
		position: [0, 0] as [number, number],
		parameters: {},
	};
	const workflow = new Workflow({
		id: 'w',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
	});
	const inputs = [
		'https://a.example',
		'https://a.example/',
		' https://a.example// ',
		'https://a.example/api/public/v1',
		'https://a.example/api/public/v1/',
		'http://127.0.0.1:8787/base/api/public/v1',
		'https://A.example/API/public/v1',
	];
	for (const baseUrl of inputs) {
		const viaExpression = workflow.expression.getSimpleParameterValue(
			node,
			BASE_URL_EXPRESSION,
			'internal',
			{ $credentials: { baseUrl } },
			undefined,
			'',
		);
		expect(viaExpression).toBe(checkBaseUrl(baseUrl).url);
	}
});

test('checkBaseUrl accepts only http(s) URLs', () => {
	expect(checkBaseUrl(' https://a.example/api/public/v1/ ').url).toBe('https://a.example');
	for (const bad of [
		'',
		'a.example',
		'ftp://a.example',
		'javascript:alert(1)',
		'file:///etc/passwd',
		'http://',
		undefined,
		42,
	]) {
		expect(checkBaseUrl(bad).url).toBeUndefined();
	}
});

/**
 * "Allow Plain HTTP to Any Host" (n8n in Docker reaches the sandbox on the host at a
 * non-loopback address). A sandbox listens on this machine's own non-loopback IPv4 address, the
 * way a host looks from inside a Docker container; the node (n8n's WorkflowExecute) and the
 * credential test (n8n's RoutingNode) must decide the same way. About 1 s.
 */
describe('Allow Plain HTTP to Any Host', () => {
	const address = Object.values(networkInterfaces())
		.flat()
		.find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
	if (!address) throw new Error('these tests need a non-loopback IPv4 interface on this machine');
	const remote = useSandbox({ host: address });
	const getAsset = {
		resource: 'asset',
		operation: 'get',
		assetId: rl(SEED_IDS.revenueForecast),
	};
	/** The node's error and the credential test's message for the same credential data. */
	const both = async (credentials: SandboxCredentials) => ({
		node: (await runNode({ credentials, parameters: getAsset })).error?.message,
		credentialTest: await testCredential(credentials),
	});

	test('off (the default): plain http to a non-loopback host is refused by both, with the same message, before anything is sent', async () => {
		expect(remote.sandbox.url).toMatch(/^http:\/\/(?!127\.)\d+\.\d+\.\d+\.\d+:\d+$/);
		const message = `Base URL must use https: plain http would send the API key unencrypted (http is allowed only for localhost and 127.x.x.x; for another host, turn on Allow Plain HTTP to Any Host in the credential), got '${remote.sandbox.url}'`;
		for (const allowHttp of [undefined, false]) {
			const result = await both({ baseUrl: remote.sandbox.url, apiKey: OWNER, allowHttp });
			expect(result).toEqual({ node: message, credentialTest: { status: 'Error', message } });
		}
		expect(remote.sandbox.requests).toHaveLength(0);
	});

	test('on: the credential test passes and the node reads the asset over plain http', async () => {
		const credentials = { baseUrl: remote.sandbox.url, apiKey: OWNER, allowHttp: true };
		expect(await testCredential(credentials)).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		const result = await runNode({ credentials, parameters: getAsset });
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ id: SEED_IDS.revenueForecast });
		expect(requestsOf(remote.sandbox)).toEqual([
			'GET /assets?limit=1',
			`GET /assets/${SEED_IDS.revenueForecast}`,
		]);
	});

	test.each([
		[
			'a user name and password',
			'http://me:s3cret@HOST',
			'must not contain a user name or password (user:password@): the API key is the only credential',
		],
		['a query', 'http://HOST/?tenant=acme', 'must not contain a query (?...) or a fragment (#...)'],
		['a fragment', 'http://HOST/#top', 'must not contain a query (?...) or a fragment (#...)'],
		['another scheme', 'ftp://HOST', 'must start with https://'],
	])(
		'on: a base URL with %s is still refused by both, with the same message',
		async (_case, url) => {
			const baseUrl = url.replace('HOST', remote.sandbox.url.slice('http://'.length));
			const { node, credentialTest } = await both({ baseUrl, apiKey: OWNER, allowHttp: true });
			expect(node).toBe(checkBaseUrl(baseUrl, true).message);
			expect(node).toMatch(/^Base URL must /);
			expect(node).not.toContain('s3cret');
			expect(credentialTest).toEqual({ status: 'Error', message: node });
			expect(remote.sandbox.requests).toHaveLength(0);
		},
	);

	test('on: a redirect is still not followed, and the key goes nowhere else', async () => {
		const elsewhere = await fakeServer((_req, res) => sendJson(res, 200, { data: {} }));
		const redirecting = await fakeServer((req, res) => {
			res.writeHead(307, { Location: `${elsewhere.url}${req.url}` });
			res.end();
		});
		try {
			const credentials = { baseUrl: redirecting.url, apiKey: OWNER, allowHttp: true };
			expect((await testCredential(credentials)).message).toMatch(/redirect \(307\)/);
			expect((await runNode({ credentials, parameters: getAsset })).error?.message).toMatch(
				/answered 307 with a redirect/,
			);
			expect(redirecting.requests).toHaveLength(2);
			expect(elsewhere.requests).toHaveLength(0);
		} finally {
			await Promise.all([elsewhere.close(), redirecting.close()]);
		}
	});

	test('only a true boolean turns it on', () => {
		for (const value of ['true', 1, 'on', null]) {
			expect(checkBaseUrl('http://acme.example', value).problem).toMatch(/^must use https/);
		}
		expect(checkBaseUrl('http://acme.example', true).url).toBe('http://acme.example');
	});
});

describe('validation before any request', () => {
	test('a base URL that is not http(s) is a clear error naming the field', async () => {
		for (const baseUrl of ['ftp://example.com', 'example.com', '', 'javascript:alert(1)']) {
			const result = await run({
				credentials: { baseUrl, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
			});
			expect(result.error?.message).toMatch(
				/^Base URL (must start with https:\/\/|is not a URL|is empty), got /,
			);
		}
	});

	test('base URL variants all reach the API', async () => {
		for (const baseUrl of [
			`${env.sandbox.url}/`,
			`  ${env.sandbox.url}//  `,
			`${env.sandbox.url}/api/public/v1`,
			`${env.sandbox.url}/api/public/v1/`,
		]) {
			const result = await run({
				credentials: { baseUrl, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.stripePayments) },
			});
			expect(result.error).toBeUndefined();
			expect((json(result)[0] as any).name).toBe('Stripe Payments');
		}
	});
});

describe('the credential test refuses what the node refuses', () => {
	test('a 3-character key: the same message from both', async () => {
		const credentials = { baseUrl: env.sandbox.url, apiKey: 'abc' };
		const message = 'API Key is 3 characters long: an Asset Workspace API key is longer';
		expect(await testCredential(credentials)).toEqual({ status: 'Error', message });
		const result = await run({
			credentials,
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
		});
		expect(result.error?.message).toBe(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});
