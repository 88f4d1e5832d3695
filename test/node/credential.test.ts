/** The credential: bearer auth, and the test n8n runs before saving (through n8n-core's RoutingNode). */
import { Workflow } from 'n8n-workflow';

import { BASE_URL_EXPRESSION, checkBaseUrl } from '../../nodes/shared/baseUrl';
import { OWNER, VIEWER } from '../helpers/http';
import { nodeTypes, testCredential } from '../harness/engine';
import { requestsOf, useSandbox } from '../harness/fixtures';

const env = useSandbox();

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
