/**
 * Job > Get (actions/job/get.operation.ts) in n8n's engine against the sandbox: a job started by
 * an earlier step, mapped by expression; a job this key cannot read is a 404 with a hint; an id
 * that is no UUID is refused before anything is sent.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { VIEWER, startJob } from '../../harness/http';
import { MALFORMED_IDS, json, nodeRunner, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);

describe('Job: Get', () => {
	test('reads a job started by an earlier step, mapped by expression', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.postgresOrders);
		const result = await run({
			items: [started],
			parameters: { resource: 'job', operation: 'get', jobId: '={{ $json.jobId }}' },
		});
		expect(json(result)).toEqual([
			expect.objectContaining({
				jobId: started.jobId,
				assetId: SEED_IDS.postgresOrders,
				jobSource: 'API',
			}),
		]);
	});

	test('a job of an asset this key cannot read is a 404 with a hint about permissions', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.payrollClose);
		const result = await run({
			credentials: { baseUrl: env.sandbox.url, apiKey: VIEWER },
			parameters: { resource: 'job', operation: 'get', jobId: started.jobId },
		});
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toContain('that the user of this API key can read the item');
	});
});

describe('validation before any request', () => {
	test.each(MALFORMED_IDS)('job id %j from an expression is rejected', async (id) => {
		const result = await run({
			items: [{ id }],
			parameters: { resource: 'job', operation: 'get', jobId: '={{ $json.id }}' },
		});
		expect(result.error?.message).toBe(
			`Job ID must be a UUID, got '${id}': a job id comes from Asset > Execute (its jobId) or the app's run details`,
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});
