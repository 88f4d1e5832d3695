/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: one bad item never takes down the others. In n8n's engine against the sandbox: with
 * Continue On Fail a bad item becomes an error item in its place (or goes to the error output)
 * and the good ones go on; without it, the first bad item stops the node and names the item. The
 * trigger: one job answering 403 is reported once for that job while the others fire, in each of
 * n8n's ways of keeping a poll's state. (Execute with several items: operations/asset/
 * execute-items.test.ts.)
 */
import { SEED_IDS } from '../../sandbox/seed';
import { call, controlJob, startJob } from '../harness/http';
import { UNKNOWN, inject, json, nodeRunner, requestsOf, rl, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

// Jobs only move when a test says so.
const env = useSandbox({ jobStepMs: 1_000_000_000 });
const run = nodeRunner(env);

describe('continue on fail and the error output', () => {
	const items = [
		{ id: SEED_IDS.revenueForecast },
		{ id: 'not-an-id' },
		{ id: UNKNOWN },
		{ id: SEED_IDS.stripePayments },
	];
	const parameters = { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}') };

	test('without it, the first bad item stops the node and names the item', async () => {
		const result = await run({ items, parameters });
		expect(result.error?.message).toBe(
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
		);
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	test('continue (regular output): bad items become error items in place, good ones go on', async () => {
		const result = await run({ items, parameters, onError: 'continueRegularOutput' });
		const out = json(result) as any[];
		expect(out.map((o) => o.name ?? o.error)).toEqual([
			'Revenue Forecast',
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
			'Stripe Payments',
		]);
		expect(out[2].details).toMatchObject({
			httpCode: '404',
			itemIndex: 2,
			description: expect.stringContaining(`GET /api/public/v1/assets/${UNKNOWN}`),
		});
		expect(result.outputs[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
	});

	test('error output: failed items go to the error branch only, never the success branch', async () => {
		const result = await run({ items, parameters, onError: 'continueErrorOutput' });
		expect(json(result, 0).map((a: any) => a.name)).toEqual([
			'Revenue Forecast',
			'Stripe Payments',
		]);
		expect(json(result, 1).map((e: any) => e.error)).toEqual([
			"Asset must be a UUID, got 'not-an-id': find the id with Asset > Get Many, Name Contains",
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
		]);
		expect(result.outputs[1].map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
	});
});

describe('one job answering 403 does not stop the trigger for the others', () => {
	test.each(N8N_MODES)('%s: the 403 is reported once for that job, the rest fire', async (mode) => {
		const [a, b] = [
			(await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId,
			(await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId,
		];
		await controlJob(env.sandbox, a, { status: 'success' });
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${b}`,
			fault: 'status',
			status: 403,
			times: 100,
		});
		const trigger = new TriggerHarness(env.credentials, { jobIds: `${a}, ${b}` }, { mode });
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toEqual([
			expect.objectContaining({ jobId: a, status: 'success' }),
			expect.objectContaining({
				jobId: b,
				status: 'forbidden',
				forbidden: true,
				message: expect.stringContaining('answers 403'),
			}),
		]);
		expect((await trigger.poll()).items).toBeNull();
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		await controlJob(env.sandbox, b, { status: 'failed' });
		expect((await trigger.poll()).items?.map((j) => [j.jobId, j.status])).toEqual([[b, 'failed']]);
	});

	test('a 403 for every job asked: the key is checked, and a key without rights fails the poll; a 401 does too', async () => {
		const a = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const trigger = new TriggerHarness(env.credentials, { jobIds: a });
		// The key reads the workspace: the 403 is this job's own, reported once.
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			fault: 'status',
			status: 403,
			times: 1,
		});
		expect((await trigger.poll()).items).toEqual([
			expect.objectContaining({ jobId: a, forbidden: true }),
		]);
		expect(requestsOf(env.sandbox).slice(-2)).toEqual([`GET /jobs/${a}`, 'GET /assets?limit=1']);
		// The key reads nothing: the poll fails.
		await inject(env.sandbox, { match: '/api/public/v1/', fault: 'status', status: 403, times: 2 });
		expect((await trigger.poll()).error?.message).toMatch(/\[403/);
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			fault: 'status',
			status: 401,
			times: 1,
		});
		expect((await trigger.poll()).error?.message).toMatch(/\[401/);
	});
});
