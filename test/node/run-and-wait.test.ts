/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Run and wait: Execute that waits for its job, Job: Wait for Completion, items side by side,
 * the filters the API lacks, and lean model versions. In n8n's engine, against the sandbox.
 */
import { WAIT_POLICY } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import { DEFAULT_TRANSPORT_SETTINGS } from '../../nodes/shared/transport';
import { SEED_IDS, stableUuid } from '../../sandbox/seed';
import { allAssets, call, controlJob, startJob } from '../helpers/http';
import { runNode, type NodeRunOptions } from '../harness/engine';
import { inject, json, requestsOf, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox({ jobStepMs: 200 });
const run = (options: Omit<NodeRunOptions, 'credentials'>) =>
	runNode({ credentials: env.credentials, ...options });
const execute = (assetId: string, extra: object = {}, more: Partial<NodeRunOptions> = {}) =>
	run({
		parameters: { resource: 'asset', operation: 'execute', assetId: rl(assetId), ...extra },
		...more,
	});
const statusRequests = (jobId: string) =>
	env.sandbox.requests.filter((r) => r.path === `/api/public/v1/jobs/${jobId}`);

/** Most status requests a wait of `seconds` can make: the adaptive intervals that fit, plus the first answer. */
function pollBound(seconds: number) {
	let elapsed = 0;
	let interval = WAIT_POLICY.firstIntervalMs;
	let polls = 0;
	while (elapsed < seconds * 1000) {
		elapsed += interval;
		interval = Math.min(interval * WAIT_POLICY.growth, WAIT_POLICY.maxIntervalMs);
		polls++;
	}
	return polls + 1;
}

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

	test('timeout: a job that never ends fails clearly after the timeout, polling never past the deadline', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.nightlyFinance);
		await controlJob(env.sandbox, started.jobId, { hold: true });
		const result = await run({
			items: [started],
			parameters: {
				resource: 'job',
				operation: 'wait',
				jobId: '={{ $json.jobId }}',
				options: { timeout: 3 },
			},
		});
		expect(result.error?.message).toBe(
			`Job ${started.jobId} did not finish within 3 s (last status: pending)`,
		);
		expect(result.error?.description).toContain('keeps running on the service');
		const polls = statusRequests(started.jobId);
		expect(polls.length).toBeLessThanOrEqual(pollBound(3));
		// The wait begins with a status check; the last one is made at the deadline, 3 s later. A
		// check past it would come a poll interval (at least a second) later: the second allowed
		// here is for a busy machine. On failure: when each check came, in ms after the first.
		const began = Date.parse(polls[0].time);
		expect(
			polls.map((poll) => Date.parse(poll.time) - began).filter((ms) => ms > 3000 + 1000),
		).toEqual([]);
	});

	test('the number of status requests stays small for a long job (bound: the adaptive intervals that fit)', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.nightlyFinance);
		await controlJob(env.sandbox, started.jobId, { hold: true });
		setTimeout(() => void controlJob(env.sandbox, started.jobId, { status: 'success' }), 6000);
		const [job] = json(
			await run({
				items: [started],
				parameters: { resource: 'job', operation: 'wait', jobId: '={{ $json.jobId }}' },
			}),
		);
		expect(job.status).toBe('success');
		expect(job.waitedSeconds).toBeGreaterThanOrEqual(6);
		expect(job.pollCount).toBeLessThanOrEqual(pollBound(job.waitedSeconds));
		expect(job.pollCount).toBeLessThanOrEqual(5);
	}, 30_000);

	test('transient 503s while waiting are retried, not fatal', async () => {
		const started = await startJob(env.sandbox, SEED_IDS.salesforceOpportunities);
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${started.jobId}`,
			times: 2,
			fault: 'status',
			status: 503,
		});
		const [job] = json(
			await run({
				items: [started],
				parameters: { resource: 'job', operation: 'wait', jobId: started.jobId },
			}),
		);
		expect(job.status).toBe('success');
		expect(statusRequests(started.jobId).filter((r) => r.status === 503)).toHaveLength(2);
	});

	test('without waiting, the queued job comes back at once', async () => {
		const [job] = json(
			await execute(SEED_IDS.salesforceOpportunities, { waitForCompletion: false }),
		);
		expect(job.status).toBe('pending');
		expect(job.pollCount).toBeUndefined();
		expect(statusRequests(job.jobId)).toHaveLength(0);
	});
});

describe('many items wait side by side', () => {
	test('ten runs all start before any of them is seen finished; order and pairing stay true', async () => {
		const assets = [
			SEED_IDS.salesforceOpportunities,
			SEED_IDS.webAnalytics,
			SEED_IDS.stripePayments,
			SEED_IDS.revenueForecast,
			SEED_IDS.nightlyFinance,
			SEED_IDS.slackNotifier,
			SEED_IDS.inventoryProjection,
			SEED_IDS.campaignAttribution,
			SEED_IDS.salesforceOpportunities,
			SEED_IDS.stripePayments,
		];
		const result = await run({
			items: assets.map((id) => ({ id })),
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl('={{ $json.id }}'),
				options: { failOn: [] },
			},
		});
		const jobs = json(result);
		expect(jobs.map((j) => j.assetId)).toEqual(assets);
		expect(result.outputs[0].map((i) => i.pairedItem)).toEqual(assets.map((_, item) => ({ item })));
		const executes = env.sandbox.requests.filter((r) => r.method === 'POST');
		const firstTerminal = Math.min(
			...env.sandbox.requests.filter((r) => r.method === 'GET').map((r) => Date.parse(r.time)),
		);
		expect(executes).toHaveLength(10);
		// Every run was queued before the first status poll of any: the waits overlap instead of queuing up.
		expect(Math.max(...executes.map((r) => Date.parse(r.time)))).toBeLessThanOrEqual(firstTerminal);
	});

	test('one at a time when Items at Once is 1', async () => {
		const result = await run({
			items: [{ id: SEED_IDS.salesforceOpportunities }, { id: SEED_IDS.stripePayments }],
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl('={{ $json.id }}'),
				options: { concurrency: 1 },
			},
		});
		expect(json(result)).toHaveLength(2);
		expect(requestsOf(env.sandbox).map((r) => r.split(' ')[0])).toEqual([
			'POST',
			...Array(json(result)[0].pollCount).fill('GET'),
			'POST',
			...Array(json(result)[1].pollCount).fill('GET'),
		]);
	});
});

describe('Get Many: filters the API lacks', () => {
	const getAll = (extra: object) =>
		run({ parameters: { resource: 'asset', operation: 'getAll', ...extra } });

	test('type (several, any case) with Return All', async () => {
		const all = await allAssets(env.sandbox);
		const result = json(await getAll({ returnAll: true, filters: { type: ['Model', 'python'] } }));
		expect(result).toEqual(all.filter((a) => ['model', 'python'].includes(a.type.toLowerCase())));
	});

	test('nameContains, case-insensitive', async () => {
		const result = json(await getAll({ returnAll: true, filters: { nameContains: 'FINANCE' } }));
		expect(result.map((a) => a.name)).toEqual([
			'Finance',
			'Finance Archive',
			'Nightly Finance Refresh',
		]);
	});

	test('Limit counts after filtering, combined with the folder filter', async () => {
		const result = json(
			await getAll({
				returnAll: false,
				limit: 2,
				filters: { type: ['Source'], folderId: rl(SEED_IDS.folders.finance) },
			}),
		);
		expect(result.map((a) => a.name)).toEqual(['Salesforce Opportunities']);
		const two = json(await getAll({ returnAll: false, limit: 2, filters: { type: ['Model'] } }));
		expect(two.map((a) => a.name)).toEqual(['Campaign Attribution', 'Customer Churn Risk']);
	});
});

describe('Get Many filters at scale', () => {
	const big = useSandbox({ assets: 400 });
	test('filters apply while paging: Return All reads every page once, Limit stops early', async () => {
		const all = json(
			await runNode({
				credentials: big.credentials,
				parameters: {
					resource: 'asset',
					operation: 'getAll',
					returnAll: true,
					filters: { type: ['Orchestration'] },
				},
			}),
		);
		expect(all.every((a) => a.type === 'Orchestration')).toBe(true);
		expect(all.length).toBe(103);
		// 421 assets: the 5 pages it needs, each once, plus at most the pages in flight past the end.
		const offsets = big.sandbox.requests.map((r) => Number(r.query.offset));
		expect(offsets.filter((o) => o <= 400).sort((a, b) => a - b)).toEqual([0, 100, 200, 300, 400]);
		expect(offsets.length).toBeLessThanOrEqual(
			Math.ceil(421 / 100) + DEFAULT_TRANSPORT_SETTINGS.pagesInFlight,
		);
		await call(big.sandbox, '/__sandbox/requests', { method: 'DELETE' });
		const some = json(
			await runNode({
				credentials: big.credentials,
				parameters: {
					resource: 'asset',
					operation: 'getAll',
					returnAll: false,
					limit: 10,
					filters: { type: ['Orchestration'] },
				},
			}),
		);
		expect(some).toEqual(all.slice(0, 10));
		// In name order the first page holds the generated models; the tenth orchestration is on page 2, where it stops.
		expect(requestsOf(big.sandbox)).toEqual([
			'GET /assets?limit=100&offset=0',
			'GET /assets?limit=100&offset=100',
		]);
	});
});

describe('Model Version: simplify', () => {
	const versionId = stableUuid('version:revenue-forecast:3');

	test('on (the default): the summary with nodeCount, edgeCount and the tool types', async () => {
		const [version] = json(
			await run({
				parameters: {
					resource: 'modelVersion',
					operation: 'get',
					assetId: rl(SEED_IDS.revenueForecast),
					versionId: rl(versionId),
				},
			}),
		);
		expect(version).toEqual({
			id: versionId,
			versionNumber: 3,
			recordType: 'draft',
			published: false,
			comment: 'Draft: sort by weighted amount',
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
			nodeCount: 8,
			edgeCount: 7,
			toolTypes: ['Filter', 'Formula', 'Input', 'Join', 'Output', 'Sort', 'Summarize'],
			assetId: SEED_IDS.revenueForecast,
		});
	});

	test('on for Get Published; off returns the whole canvas', async () => {
		const [lean] = json(
			await run({
				parameters: {
					resource: 'modelVersion',
					operation: 'getPublished',
					assetId: rl(SEED_IDS.revenueForecast),
				},
			}),
		);
		expect(lean).toMatchObject({ versionNumber: 2, nodeCount: 7, edgeCount: 6 });
		expect(lean.nodes).toBeUndefined();
		const [full] = json(
			await run({
				parameters: {
					resource: 'modelVersion',
					operation: 'getPublished',
					assetId: rl(SEED_IDS.revenueForecast),
					simplify: false,
				},
			}),
		);
		expect(full.nodes).toHaveLength(7);
		expect(full.metadata).toBeDefined();
	});
});
