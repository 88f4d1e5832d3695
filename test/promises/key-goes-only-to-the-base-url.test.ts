/**
 * Promise: the API key goes only to the base URL, and only encrypted off this machine. In n8n's
 * engine against small fake servers: a redirect to another origin is never followed (by the node
 * or the credential test), and is a clear error; plain http is refused before the key is sent,
 * unless to localhost or 127.x.x.x; a base URL carries an address only, and no error echoes a
 * user name, password, query or fragment written into it.
 */
import { checkBaseUrl } from '../../nodes/shared/baseUrl';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { runNode, testCredential } from '../harness/engine';
import { allText, executeAsset, getAsset } from '../harness/fixtures';

const serve = useFakeServers();

describe('the API key never follows a redirect; plain http only to this machine', () => {
	test.each([301, 302, 303, 307, 308])(
		'a %i to another origin is a clear error, and the other origin gets nothing',
		async (status) => {
			const elsewhere = await serve((_req, res) => sendJson(res, 200, { data: {} }));
			const redirecting = await serve((req, res) => {
				res.writeHead(status, { Location: `${elsewhere.url}${req.url}` });
				res.end();
			});
			for (const parameters of [getAsset(), executeAsset()]) {
				const result = await runNode({
					credentials: { baseUrl: redirecting.url, apiKey: OWNER },
					parameters,
					items: [{ id: SEED_IDS.revenueForecast }],
				});
				expect(result.error?.message).toMatch(
					new RegExp(
						`^Asset Workspace API: answered ${status} with a redirect to ${elsewhere.url}/api/public/v1/assets/[0-9a-f-]+(/execute)?, which this node does not follow \\[${status}\\] Set the Base URL to the address it points to\\.$`,
					),
				);
				expect(result.error?.description).toContain(
					'Set the Base URL in the credential to the address the service redirects to',
				);
			}
			expect(redirecting.requests).toHaveLength(2);
			expect(elsewhere.requests).toHaveLength(0);
		},
	);

	test('the credential test does not follow a redirect either', async () => {
		const elsewhere = await serve((_req, res) => sendJson(res, 200, { data: [], meta: {} }));
		const redirecting = await serve((req, res) => {
			res.writeHead(307, { Location: `${elsewhere.url}${req.url}` });
			res.end();
		});
		expect(await testCredential({ baseUrl: redirecting.url, apiKey: OWNER })).toEqual({
			status: 'Error',
			message:
				'The base URL answers with a redirect (307), which is not followed so that the API key goes nowhere else: set it to the address it redirects to.',
		});
		expect(elsewhere.requests).toHaveLength(0);
	});

	test('http is accepted for localhost and 127.x.x.x only', () => {
		for (const ok of [
			'http://127.0.0.1:8787',
			'http://localhost:5678',
			'http://127.8.9.10',
			'http://[::1]:8787',
			'https://acme.example',
		]) {
			expect(checkBaseUrl(ok).url).toBe(ok);
		}
		for (const bad of [
			'http://acme.example',
			'http://10.0.0.5:8787',
			'http://128.0.0.1',
			'http://localhost.evil.example',
		]) {
			expect(checkBaseUrl(bad).problem).toMatch(/^must use https/);
		}
	});

	test('the node and the credential test refuse plain http to another host before sending the key', async () => {
		const result = await runNode({
			credentials: { baseUrl: 'http://acme.example', apiKey: OWNER },
			parameters: getAsset(),
		});
		expect(result.error?.message).toBe(
			"Base URL must use https: plain http would send the API key unencrypted (http is allowed only for localhost and 127.x.x.x; for another host, turn on Allow Plain HTTP to Any Host in the credential), got 'http://acme.example'",
		);
		expect(
			(await testCredential({ baseUrl: 'http://acme.example', apiKey: OWNER })).message,
		).toMatch(/^Base URL must use https/);
	});
});

describe('the base URL carries an address only, and errors never echo credentials in it', () => {
	test.each([
		[
			'https://user:s3cr3t-pass@acme.example',
			'must not contain a user name or password',
			"'https://acme.example'",
		],
		[
			'https://acme.example?token=s3cr3t-pass',
			'must not contain a query',
			"'https://acme.example'",
		],
		[
			'https://acme.example/#s3cr3t-pass',
			'must not contain a query (?...) or a fragment',
			"'https://acme.example'",
		],
		['ht!tp://user:s3cr3t-pass@', 'is not a URL', 'a value of 25 characters'],
	])('%s', async (baseUrl, problem, shown) => {
		const result = await runNode({
			credentials: { baseUrl, apiKey: OWNER },
			parameters: getAsset(),
		});
		expect(result.error?.message).toContain(`Base URL ${problem}`);
		expect(result.error?.message).toMatch(
			new RegExp(`, got ${shown.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
		);
		expect(allText(result)).not.toContain('s3cr3t-pass');
		const credentialTest = await testCredential({ baseUrl, apiKey: OWNER });
		expect(credentialTest.status).toBe('Error');
		expect(credentialTest.message).not.toContain('s3cr3t-pass');
	});
});
