/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Asset > Execute with several items, in n8n's engine against the sandbox: every item's input is
 * checked before anything is sent (one invalid item queues no job, or with Continue On Fail fails
 * alone), an item the service refuses stops the node naming the jobs already started for the
 * others, and the runs wait side by side (one at a time with Items at Once 1). On a test clock:
 * about 1 s.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { sandboxJobs } from '../../harness/http';
import { TestClock } from '../../harness/clock';
import {
	executeAsset,
	inject,
	json,
	nodeRunner,
	requestsOf,
	rl,
	useSandbox,
} from '../../harness/fixtures';

// The node and the sandbox on one test clock: it moves only once every request under way has its
// answer, so the runs' order against their 200 ms steps holds however busy the machine is.
const clock = new TestClock();
const env = useSandbox({ jobStepMs: 200, clock });
const run = nodeRunner(env);
const jobCount = async () => (await sandboxJobs(env.sandbox)).length;

describe('Execute with several items: every item checked first; a stop names the jobs already started', () => {
	test('one invalid item: no job is queued for any item', async () => {
		const before = await jobCount();
		const result = await run({
			parameters: executeAsset(),
			items: [
				{ id: SEED_IDS.salesforceOpportunities },
				{ id: SEED_IDS.stripePayments },
				{ id: 'not-an-id' },
			],
		});
		expect(result.error?.message).toBe(
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
		);
		expect(requestsOf(env.sandbox)).toEqual([]);
		expect(await jobCount()).toBe(before);
	});

	test('with Continue On Fail the invalid item fails alone and the others run', async () => {
		const result = await run({
			parameters: executeAsset(),
			items: [{ id: 'not-an-id' }, { id: SEED_IDS.salesforceOpportunities }],
			onError: 'continueRegularOutput',
		});
		expect(json(result).map((o) => o.error ?? o.status)).toEqual([
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
			'pending',
		]);
	});

	test("an item that fails at the service stops the node with an error naming the other items' jobs", async () => {
		await inject(env.sandbox, {
			match: `/api/public/v1/assets/${SEED_IDS.stripePayments}/execute`,
			fault: 'status',
			status: 400,
			times: 1,
		});
		const result = await run({
			parameters: executeAsset({ options: { concurrency: 1 } }),
			items: [{ id: SEED_IDS.salesforceOpportunities }, { id: SEED_IDS.stripePayments }],
		});
		const started = (await sandboxJobs(env.sandbox))
			.map((j) => j.job)
			.filter((j) => j.assetId === SEED_IDS.salesforceOpportunities);
		expect(started).toHaveLength(1);
		expect(result.error?.message).toMatch(/^Asset Workspace API: Injected fault: status 400/);
		expect(result.error?.description).toContain(
			`Jobs already started for other items (not in any output, because the node stopped): ${started[0].jobId} (item 0).`,
		);
		expect((result.error as any).context.startedJobs).toEqual([
			{ itemIndex: 0, jobId: started[0].jobId },
		]);
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
