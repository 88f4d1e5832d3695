/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The way out for what the node does not cover: the example workflow with n8n's HTTP Request node,
 * Authentication "Predefined Credential Type", Credential Type "Asset Workspace API", runs in a
 * real n8n against the sandbox. The credential sends the key (the sandbox answers the listing
 * only to a request that bears it), and the key is in no output. About 5 s once its n8n runs.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { N8nSession } from '../../e2e/n8n-session';
import { OWNER } from '../harness/http';
import { example, named } from './shared/examples';

const REQUEST = 'List five assets (HTTP Request, Asset Workspace API credential)';

let session: N8nSession;
beforeAll(async () => {
	session = await N8nSession.shared();
}, 10 * 60_000);
afterAll(async () => session?.close(), 60_000);

test(
	'the HTTP Request node with the Asset Workspace API credential: the key goes with the request, and into no output',
	async () => {
		const workflow = example('http-request-with-the-credential');
		named(workflow, REQUEST).parameters.url = `${session.sandbox!.url}/api/public/v1/assets`;
		const run = await session.run((await session.createWorkflow(workflow)).id);
		expect(run.status).toBe('success');
		const [answer] = run.nodes[REQUEST][0] as any[];
		expect(answer.data).toHaveLength(5);
		expect(answer.meta).toEqual({ limit: 5, offset: 0, hasMore: true });
		const listings = session.sandbox!.requests.filter((r) => r.path === '/api/public/v1/assets');
		expect(listings).toEqual([expect.objectContaining({ status: 200, query: { limit: '5' } })]);
		expect(JSON.stringify(run)).not.toContain(OWNER);
	},
	5 * 60_000,
);
