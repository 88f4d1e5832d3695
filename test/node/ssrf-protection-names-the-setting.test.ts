/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * With n8n's SSRF protection on (N8N_SSRF_PROTECTION_ENABLED=true, off by default in n8n 2.x),
 * n8n-core's own request helper refuses the sandbox on loopback before anything is sent: the
 * node's error says so and names the setting that allows it (not a bare network error), is not
 * retried, declares a configuration cause, and never holds the key. n8n's real SSRF check, in
 * n8n-core's engine; that the setting it names lets the run through is shown in a real n8n
 * (test/e2e/ssrf-protection.e2e.test.ts).
 */
import { Container } from '@n8n/di';

import { OWNER } from '../harness/http';
import { nodeRunner, useSandbox } from '../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const saved = process.env.N8N_SSRF_PROTECTION_ENABLED;

// n8n reads its settings once, into its container, when this file first sends: set it before.
beforeAll(() => {
	process.env.N8N_SSRF_PROTECTION_ENABLED = 'true';
	Container.reset();
});
afterAll(() => {
	if (saved === undefined) delete process.env.N8N_SSRF_PROTECTION_ENABLED;
	else process.env.N8N_SSRF_PROTECTION_ENABLED = saved;
	Container.reset();
});

const listAssets = () =>
	run({
		credentials: { baseUrl: env.sandbox.url, apiKey: OWNER },
		parameters: { resource: 'asset', operation: 'getAll', returnAll: false, limit: 5 },
	});

test('refused by n8n: the error says nothing was sent and names the setting that allows it, with no key', async () => {
	const result = await listAssets();
	expect(result.error?.message).toBe(
		`Asset Workspace API: n8n did not send the request to ${env.sandbox.url}: its SSRF protection blocks that address [refused by n8n's SSRF protection] Allow it with N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 where n8n runs.`,
	);
	expect(result.error?.description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
	expect((result.error as { failure?: unknown }).failure).toEqual({
		cause: 'configuration-invalid',
	});
	expect(env.sandbox.requests).toHaveLength(0);
	expect(JSON.stringify(result)).not.toContain(OWNER);
});
