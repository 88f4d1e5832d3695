/**
 * Asset > Execute (actions/asset/execute.operation.ts) in n8n's engine against the sandbox: it
 * queues a run and by default waits for its job, ending on the job's final status (failOn says
 * which fail the item); the wait polls through passing failures, and every error after the POST
 * carries the job. A folder or a model with nothing published is the service's clear error. The
 * sandbox's jobs take a step every 200 ms, and the node checks them a second or more apart (one
 * wait has a 2 s Timeout), on a test clock they share: about 1 s.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { loggedDuring } from '../../harness/logs';
import { TestClock } from '../../harness/clock';
import { type NodeRunOptions, TEST_TRANSPORT } from '../../harness/engine';
import {
	executeAsset,
	inject,
	json,
	nodeRunner,
	requestsOf,
	rl,
	statusRequestsOf,
	useSandbox,
} from '../../harness/fixtures';

// The node and the sandbox on one test clock: the steps and the checks keep their order however
// busy the machine is, and take no time.
const clock = new TestClock();
const env = useSandbox({ jobStepMs: 200, clock });
const run = nodeRunner(env);
const execute = (assetId: string, extra: object = {}, more: Partial<NodeRunOptions> = {}) =>
	run({
		parameters: { resource: 'asset', operation: 'execute', assetId: rl(assetId), ...extra },
		...more,
	});
const statusRequests = (jobId: string) => statusRequestsOf(env.sandbox, jobId);
const { maxAttempts } = TEST_TRANSPORT.retry;

describe('Asset: Execute waits for the job by default', () => {
	test.each([
		['success', SEED_IDS.salesforceOpportunities],
		['warning', SEED_IDS.webAnalytics],
	])('ends on %s with the final job, waitedSeconds and pollCount', async (status, assetId) => {
		const [job] = json(await execute(assetId));
		expect(job).toMatchObject({
			status,
			assetId,
			jobSource: 'API',
			finishedAt: expect.any(String),
			pollCount: expect.any(Number),
			waitedSeconds: expect.any(Number),
		});
		expect(job.pollCount).toBe(statusRequests(job.jobId).length);
		expect(job.pollCount).toBeGreaterThanOrEqual(1);
	});

	test('a failed job fails the item by default, carrying the job', async () => {
		const result = await execute(SEED_IDS.postgresOrders);
		expect(result.error?.message).toMatch(/^Job [0-9a-f-]{36} ended with status "failed"$/);
		const regular = json(
			await execute(SEED_IDS.postgresOrders, {}, { onError: 'continueRegularOutput' }),
		);
		expect(regular[0].error).toMatch(/ended with status "failed"/);
		expect(regular[0].details.job).toMatchObject({
			status: 'failed',
			assetId: SEED_IDS.postgresOrders,
			pollCount: expect.any(Number),
		});
		const routed = await execute(SEED_IDS.postgresOrders, {}, { onError: 'continueErrorOutput' });
		expect(json(routed, 0)).toEqual([]);
		expect(json(routed, 1)[0].details.job.status).toBe('failed');
	});

	test.each([
		[['failed', 'warning'], SEED_IDS.webAnalytics, 'warning', true],
		[['failed'], SEED_IDS.webAnalytics, 'warning', false],
		[[], SEED_IDS.postgresOrders, 'failed', false],
		[['warning'], SEED_IDS.postgresOrders, 'failed', false],
	])('failOn %j: a %s-ending run ends %s, fails: %s', async (failOn, assetId, status, fails) => {
		const result = await execute(
			assetId,
			{ options: { failOn } },
			{ onError: 'continueErrorOutput' },
		);
		// On failure: what came out of each output.
		expect({
			regular: json(result, 0).map((item) => item.status),
			failed: json(result, 1).map((item) => `${item.details?.job?.status}: ${item.error}`),
		}).toEqual(
			fails
				? { regular: [], failed: [expect.stringMatching(`^${status}: `)] }
				: { regular: [status], failed: [] },
		);
	});

	test('a Python run whose parameters are missing fails; given, it succeeds', async () => {
		expect((await execute(SEED_IDS.fxRatesLoader)).error?.message).toContain(
			'ended with status "failed"',
		);
		const [job] = json(
			await execute(SEED_IDS.fxRatesLoader, {
				specifyParameters: 'json',
				parametersJson: '{"RUN_DATE": "2026-11-21"}',
			}),
		);
		expect(job.status).toBe('success');
	});

	test('without waiting, the queued job comes back at once', async () => {
		const [job] = json(
			await execute(SEED_IDS.salesforceOpportunities, { waitForCompletion: false }),
		);
		expect(job.status).toBe('pending');
		expect(job.pollCount).toBeUndefined();
		expect(statusRequests(job.jobId)).toHaveLength(0);
	});

	test('before waiting, the queued job is logged at info level, naming the job, the asset and the item', async () => {
		let jobs: Array<{ jobId: string }> = [];
		const logged = await loggedDuring(async () => {
			jobs = json(await execute(SEED_IDS.salesforceOpportunities));
		});
		const queued = logged.filter((line) => line.message.startsWith('Asset Workspace: job'));
		expect(queued).toEqual([
			{
				level: 'info',
				message: `Asset Workspace: job ${jobs[0].jobId} queued for asset ${SEED_IDS.salesforceOpportunities} (item 0); waiting for it to finish`,
				metadata: { jobId: jobs[0].jobId, assetId: SEED_IDS.salesforceOpportunities, itemIndex: 0 },
			},
		]);
	});
});

describe('Wait for Completion polls through passing failures; every error after the POST carries the job', () => {
	test('a status check that fails (all its retries) does not fail an item whose job then succeeds', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			method: 'GET',
			fault: 'status',
			status: 502,
			times: maxAttempts,
		});
		const result = await run({
			parameters: executeAsset({ waitForCompletion: true }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			status: 'success',
			assetId: SEED_IDS.salesforceOpportunities,
		});
		expect(
			requestsOf(env.sandbox).filter((r) => r.startsWith('GET /jobs/')).length,
		).toBeGreaterThan(maxAttempts);
	});

	test('when the checks keep failing, the item fails at its timeout with jobId and the job in details', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			method: 'GET',
			fault: 'status',
			status: 500,
			times: 1000,
		});
		const result = await run({
			parameters: executeAsset({ waitForCompletion: true, options: { timeout: 2 } }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
			onError: 'continueErrorOutput',
		});
		const [failed] = json(result, 1);
		expect(failed.error).toMatch(
			/^Job [0-9a-f-]{36} did not finish within 2 s \(last status: pending\)$/,
		);
		expect(failed.details.description).toContain(
			'The last status check failed: Asset Workspace API: Injected fault: status 500.',
		);
		expect(failed.details.jobId).toMatch(/^[0-9a-f-]{36}$/);
		expect(failed.details.job).toMatchObject({
			jobId: failed.details.jobId,
			status: 'pending',
			assetId: SEED_IDS.salesforceOpportunities,
		});
	});

	test('a lasting answer (404) ends the wait at once, still carrying the job', async () => {
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			method: 'GET',
			fault: 'status',
			status: 404,
			times: 1,
		});
		const result = await run({
			parameters: executeAsset({ waitForCompletion: true }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
			onError: 'continueRegularOutput',
		});
		const [failed] = json(result);
		expect(failed.details.httpCode).toBe('404');
		expect(failed.details.jobId).toBe(failed.details.job.jobId);
		expect(requestsOf(env.sandbox).filter((r) => r.startsWith('GET /jobs/'))).toHaveLength(1);
	});
});

describe('Asset: Execute', () => {
	test('executing a folder surfaces the server error clearly', async () => {
		const result = await run({
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.folders.finance),
			},
		});
		expect(result.error?.message).toMatch(
			/^Asset Workspace API: Asset .* is a Folder; only sources, models, orchestrations and Python assets can be executed\. \[400 not_executable\] Check the values sent\.$/,
		);
		expect(result.error?.description).toContain(
			`POST /api/public/v1/assets/${SEED_IDS.folders.finance}/execute`,
		);
	});

	test('executing a model with nothing published: 409 with the server message', async () => {
		const result = await run({
			parameters: { resource: 'asset', operation: 'execute', assetId: rl(SEED_IDS.customerChurn) },
		});
		expect(result.error?.message).toContain('has no published version');
		expect(result.error?.message).toContain('[409 not_executable]');
		expect(result.error?.httpCode).toBe('409');
	});
});
