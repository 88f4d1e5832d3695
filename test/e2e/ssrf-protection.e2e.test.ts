/**
 * n8n's SSRF protection in a real n8n 2.41.1 (N8N_SSRF_PROTECTION_ENABLED=true; off by default):
 * it checks this node's requests and the credential's test. The sandbox on loopback is refused
 * before anything is sent: the node's error says so and names the setting that allows it, and the
 * credential's test fails with n8n's own message. With the setting the error names
 * (N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32), the same workflow runs and the test passes. The key
 * is in none of it. Two n8n of its own, one after the other: about a minute.
 */
import { N8nSession } from '../../e2e/n8n-session';
import type { OwnN8n } from '../../e2e/shared-n8n';
import { OWNER } from '../harness/http';

const LIST = 'List five assets';
const workflow = {
	name: 'Behind SSRF protection',
	nodes: [
		{
			id: 'start',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'list',
			name: LIST,
			type: 'n8n-nodes-asset-workspace.assetWorkspace',
			typeVersion: 1,
			position: [260, 0],
			parameters: { resource: 'asset', operation: 'getAll', returnAll: false, limit: 5 },
			credentials: { assetWorkspaceApi: { id: '', name: '' } },
		},
	],
	connections: { Start: { main: [[{ node: LIST, type: 'main', index: 0 }]] } },
};

/** n8n with SSRF protection on (and `env`): the workflow's run and the credential's test. */
async function behindSsrfProtection(env: Record<string, string> = {}) {
	let session: (N8nSession & { n8n: OwnN8n }) | undefined;
	try {
		session = await N8nSession.own('default', {
			env: { N8N_SSRF_PROTECTION_ENABLED: 'true', ...env },
		});
		const run = await session.run((await session.createWorkflow(workflow)).id);
		const { id, name, type } = session.credential;
		const { data } = await session.rest.call('GET', `/credentials/${id}?includeData=true`);
		const test = await session.rest.call('POST', '/credentials/test', {
			credentials: { id, name, type, data },
		});
		const requests = session.sandbox!.requests.length;
		return { run, test, requests, url: session.sandbox!.url };
	} finally {
		await session?.close();
	}
}

test(
	"refused by n8n's SSRF protection: nothing sent, the error names the setting; with it, the run goes through",
	async () => {
		const refused = await behindSsrfProtection();
		expect(refused.run.status).toBe('error');
		expect(refused.run.error?.message).toBe(
			`Asset Workspace API: n8n did not send the request to ${refused.url}: its SSRF protection blocks that address [refused by n8n's SSRF protection] Allow it with N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32 where n8n runs.`,
		);
		expect(refused.test).toEqual({
			status: 'Error',
			message: 'The request was blocked because it resolves to a restricted IP address',
		});
		expect(refused.requests).toBe(0);
		expect(JSON.stringify(refused)).not.toContain(OWNER);

		const allowed = await behindSsrfProtection({ N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' });
		expect(allowed.run.status).toBe('success');
		expect(allowed.run.nodes[LIST][0]).toHaveLength(5);
		expect(allowed.test).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(JSON.stringify(allowed)).not.toContain(OWNER);
	},
	10 * 60_000,
);
