/**
 * Promise: a POST that may have reached the service is never sent again. In n8n's engine against
 * the sandbox: Execute's POST is sent again only when the service proved it refused it (a 429 or
 * 503 with Retry-After), once; a 503 without it is one request and an error saying a job may
 * exist; the editor tells the user to keep n8n's Retry On Fail off for Execute. A garbled
 * Retry-After is no proof: rate-limits-and-retry-after.test.ts.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { sandboxJobs } from '../harness/http';
import {
	executeAsset,
	inject,
	json,
	nodeRunner,
	requestsOf,
	useSandbox,
} from '../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const jobCount = async () => (await sandboxJobs(env.sandbox)).length;

describe('a POST is sent again only when the service proved it refused it', () => {
	const path = `/api/public/v1/assets/${SEED_IDS.salesforceOpportunities}/execute`;

	test('503 without Retry-After: one request, and the error says a job may exist', async () => {
		await inject(env.sandbox, { match: path, fault: 'status', status: 503, times: 1 });
		const result = await run({
			parameters: executeAsset(),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(requestsOf(env.sandbox).filter((r) => r.startsWith('POST'))).toHaveLength(1);
		expect(result.error?.message).toMatch(
			/\[503 internal_error\] Check for the job before running it again\.$/,
		);
		expect(result.error?.description).toContain('A job may have been queued');
	});

	test.each([429, 503])('%i with Retry-After: sent again, one job', async (status) => {
		await inject(env.sandbox, {
			match: path,
			fault: 'status',
			status,
			retryAfterSeconds: 0,
			times: 1,
		});
		const before = await jobCount();
		const result = await run({
			parameters: executeAsset(),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(json(result)[0].status).toBe('pending');
		expect(requestsOf(env.sandbox).filter((r) => r.startsWith('POST'))).toHaveLength(2);
		expect(await jobCount()).toBe(before + 1);
	});
});

describe('the editor warns against resending', () => {
	test('the Execute operation warns about Retry On Fail in the editor', async () => {
		const { AssetWorkspace } = await import('../../nodes/AssetWorkspace/AssetWorkspace.node');
		const notice = new AssetWorkspace().description.properties.find(
			(p) => p.name === 'retryNotice',
		);
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain('Keep Retry On Fail (in Settings) off');
		expect(notice?.displayOptions?.show).toMatchObject({
			resource: ['asset'],
			operation: ['execute'],
		});
	});
});
