/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The trigger's Job Finished event (events/jobFinished/) through n8n-core's PollContext against the
 * sandbox, in each way n8n keeps a poll's state: each job fires once across polls, restarts, faults
 * and 404s, with previousStatus; Fire On and Fire for Jobs Already Finished; invalid ids named; the
 * key in nothing it emits; manual mode changes nothing. About 2 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, call, controlJob, startJob as startJobOf } from '../harness/http';
import { UNKNOWN, inject, requestsOf, useSandbox } from '../harness/fixtures';
import { TEST_TRANSPORT } from '../harness/engine';
import { N8N_MODES, TriggerHarness, type N8nMode } from '../harness/trigger';

// Jobs only move when a test says so.
const env = useSandbox({ jobStepMs: 1_000_000_000 });

const { maxAttempts } = TEST_TRANSPORT.retry;

const startJob = async (assetId: string = SEED_IDS.salesforceOpportunities): Promise<string> =>
	(await startJobOf(env.sandbox, assetId)).jobId;
const setStatus = (jobId: string, status: string) => controlJob(env.sandbox, jobId, { status });
const clearLog = () => call(env.sandbox, '/__sandbox/requests', { method: 'DELETE' });

/**
 * Every test runs in each way n8n keeps a poll's state (see harness/trigger/): n8n 2.41 by
 * default, n8n 1.123, and n8n 2.41 with durable poll cursors.
 */
describe.each(N8N_MODES)('n8n mode %s', (mode: N8nMode) => {
	const trigger = (jobIds: string[] | string, extra: object = {}) =>
		new TriggerHarness(
			env.credentials,
			{ jobIds: Array.isArray(jobIds) ? jobIds.join(', ') : jobIds, ...extra },
			{ mode },
		);

	test('jobs moving pending -> running -> terminal fire once each, with previousStatus', async () => {
		const [a, b, c] = [await startJob(), await startJob(), await startJob()];
		const t = trigger(`${a}\n${b},${c}`);
		expect((await t.poll()).items).toBeNull();
		await setStatus(a, 'running');
		await setStatus(b, 'running');
		expect((await t.poll()).items).toBeNull();
		await setStatus(a, 'success');
		await setStatus(c, 'failed');
		const fired = (await t.poll()).items!;
		expect(fired.map((j) => [j.jobId, j.status, j.previousStatus])).toEqual([
			[a, 'success', 'running'],
			[c, 'failed', 'pending'],
		]);
		expect(fired[0]).toMatchObject({
			assetId: SEED_IDS.salesforceOpportunities,
			jobSource: 'API',
			finishedAt: expect.any(String),
		});
		await setStatus(b, 'warning');
		expect((await t.poll()).items!.map((j) => [j.jobId, j.status, j.previousStatus])).toEqual([
			[b, 'warning', 'running'],
		]);
		await clearLog();
		expect((await t.poll()).items).toBeNull();
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('a job finished before activation fires once when emitAlreadyFinished is on (the default)', async () => {
		const id = await startJob();
		await setStatus(id, 'success');
		const t = trigger([id]);
		expect((await t.poll()).items).toEqual([
			expect.objectContaining({ jobId: id, status: 'success', previousStatus: null }),
		]);
		expect((await t.poll()).items).toBeNull();
	});

	test('with emitAlreadyFinished off it is recorded silently and never asked for again', async () => {
		const done = await startJob();
		const later = await startJob();
		await setStatus(done, 'failed');
		const t = trigger([done, later], { options: { emitAlreadyFinished: false } });
		expect((await t.poll()).items).toBeNull();
		await setStatus(later, 'failed');
		await clearLog();
		expect((await t.poll()).items!.map((j) => j.jobId)).toEqual([later]);
		expect(requestsOf(env.sandbox)).toEqual([`GET /jobs/${later}`]);
	});

	test('status filter: only selected states fire; others are recorded and never asked for again', async () => {
		const ok = await startJob();
		const bad = await startJob();
		const t = trigger([ok, bad], { statuses: ['failed'] });
		expect((await t.poll()).items).toBeNull();
		await setStatus(ok, 'success');
		await setStatus(bad, 'failed');
		expect((await t.poll()).items!.map((j) => [j.jobId, j.status])).toEqual([[bad, 'failed']]);
		await clearLog();
		expect((await t.poll()).items).toBeNull();
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('a restart (a new trigger given the saved static data) fires nothing twice', async () => {
		const [a, b] = [await startJob(), await startJob()];
		const first = trigger([a, b]);
		await first.poll();
		await setStatus(a, 'success');
		expect((await first.poll()).items!.map((j) => j.jobId)).toEqual([a]);
		const second = new TriggerHarness(
			env.credentials,
			{ jobIds: `${a} ${b}` },
			{ mode, saved: first.saved },
		);
		expect((await second.poll()).items).toBeNull();
		await setStatus(b, 'success');
		expect((await second.poll()).items!.map((j) => [j.jobId, j.previousStatus])).toEqual([
			[b, 'pending'],
		]);
		second.restart();
		expect((await second.poll()).items).toBeNull();
	});

	test('a 503 and a connection reset in the middle of a poll lose nothing', async () => {
		const ids = [await startJob(), await startJob(), await startJob(), await startJob()];
		const t = trigger(ids);
		await t.poll();
		for (const id of ids) await setStatus(id, 'success');
		// ids[1] answers 503 on every attempt of this poll, ids[2] loses its connection every time.
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${ids[1]}`,
			times: maxAttempts,
			fault: 'status',
			status: 503,
		});
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${ids[2]}`,
			times: maxAttempts,
			fault: 'reset',
		});
		const during = await t.poll();
		expect(during.error).toBeUndefined();
		expect(during.items!.map((j) => j.jobId).sort()).toEqual([ids[0], ids[3]].sort());
		const after = await t.poll();
		expect(after.items!.map((j) => j.jobId).sort()).toEqual([ids[1], ids[2]].sort());
		expect((await t.poll()).items).toBeNull();
	});

	test('a single 503 is retried within the same poll', async () => {
		const id = await startJob();
		await setStatus(id, 'failed');
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${id}`,
			times: 1,
			fault: 'status',
			status: 503,
		});
		expect((await trigger([id]).poll()).items!.map((j) => j.jobId)).toEqual([id]);
		expect(env.sandbox.requests.map((r) => r.status)).toContain(503);
	});

	test('when every job fails with a server error the poll reports it, and nothing is lost', async () => {
		const id = await startJob();
		await setStatus(id, 'success');
		const t = trigger([id]);
		// 500 is not retried: one request, one failed poll.
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs',
			times: 1,
			fault: 'status',
			status: 500,
		});
		const failed = await t.poll();
		expect(failed.error?.message).toContain(
			'[500 internal_error] The service failed: try again later.',
		);
		expect(
			env.sandbox.requests
				.filter((r) => r.path.startsWith('/api/public/v1/jobs'))
				.map((r) => r.status),
		).toEqual([500]);
		expect((await t.poll()).items!.map((j) => j.jobId)).toEqual([id]);
	});

	test('a wrong key fails the poll with a clear error', async () => {
		const t = new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey: 'aw_wrong' },
			{ jobIds: UNKNOWN },
			{ mode },
		);
		const result = await t.poll();
		expect(result.error?.message).toBe(
			'Asset Workspace API: Missing or invalid bearer token. [401 unauthorized] Check the API key in the credential.',
		);
		expect(JSON.stringify(result.error)).not.toContain('aw_wrong');
	});

	test('a 404 id among good ones is reported once, and the good ones fire', async () => {
		const good = await startJob();
		await setStatus(good, 'warning');
		const t = trigger([good, UNKNOWN]);
		const first = (await t.poll()).items!;
		expect(first).toEqual([
			expect.objectContaining({ jobId: good, status: 'warning' }),
			expect.objectContaining({
				jobId: UNKNOWN,
				status: 'not_found',
				notFound: true,
				message: `Job ${UNKNOWN} answers 404: it does not exist, or this API key cannot read its asset. It is reported once and still watched.`,
			}),
		]);
		expect((await t.poll()).items).toBeNull();
		expect((await t.poll()).items).toBeNull();
	});

	test('a 403 id is reported once as forbidden, and the good ones fire', async () => {
		const [good, refused] = [await startJob(), await startJob()];
		await setStatus(good, 'success');
		const fault = { fault: 'status', status: 403, times: 1000 };
		await inject(env.sandbox, { match: `/api/public/v1/jobs/${refused}`, ...fault });
		const t = trigger([good, refused]);
		expect((await t.poll()).items).toEqual([
			expect.objectContaining({ jobId: good, status: 'success' }),
			{
				jobId: refused,
				status: 'forbidden',
				forbidden: true,
				message: `Job ${refused} answers 403: this API key may not read it. It is reported once and still watched.`,
			},
		]);
		expect((await t.poll()).items).toBeNull();
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
	});

	test('Job IDs empty or not ids: an error naming them and what to write', async () => {
		const errorOf = async (ids: string) => {
			const { error } = await trigger(ids).poll();
			return {
				message: error?.message,
				description: (error as { description?: string })?.description,
			};
		};
		expect(await errorOf(' , ')).toEqual({
			message: 'Job IDs: add at least one job id to watch',
			description:
				'The list is empty. If it comes from an expression, check that it gives job ids; nothing is forgotten meanwhile.',
		});
		expect(await errorOf('not-a-job')).toEqual({
			message: "Job IDs: 'not-a-job' is not a job id (a UUID)",
			description: 'Separate job ids with commas, spaces or new lines.',
		});
	});

	test('an Event no event has (a workflow edited by hand) fails the poll, naming the value', async () => {
		const id = await startJob();
		for (const run of ['trigger', 'manual'] as const) {
			const { items, error } = await trigger([id], { event: 'jobFinishd' }).poll(run);
			expect(items).toBeNull();
			expect(error).toMatchObject({
				message: "Event: 'jobFinishd' is not one of asset, jobFinished, modelVersion",
				description: 'Choose the Event again in the trigger.',
				failure: { cause: 'configuration-invalid' },
			});
		}
	});

	test("manual mode with no watched job found: an error saying so, as the setting's", async () => {
		const { items, error } = await trigger([UNKNOWN]).poll('manual');
		expect(items).toBeNull();
		expect(error).toMatchObject({
			message: 'None of the watched jobs was found with this API key',
			failure: { cause: 'configuration-invalid' },
		});
	});

	test('a job of an asset this key cannot read is a 404 like an unknown id', async () => {
		const hidden = await startJob(SEED_IDS.payrollClose);
		await setStatus(hidden, 'success');
		const viewer = new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey: 'aw_sandbox_viewer' },
			{ jobIds: hidden },
			{ mode },
		);
		expect((await viewer.poll()).items).toEqual([
			expect.objectContaining({ jobId: hidden, status: 'not_found' }),
		]);
	});

	test('manual mode returns the current state of the watched jobs and changes nothing', async () => {
		const [a, b] = [await startJob(), await startJob()];
		const t = trigger([a, b]);
		await t.poll();
		await setStatus(a, 'success');
		const state = t.state;
		const saved = JSON.stringify(t.saved);
		const sample = (await t.poll('manual')).items!;
		expect(sample.map((j) => [j.jobId, j.status, j.previousStatus])).toEqual([
			[a, 'success', 'pending'],
			[b, 'pending', 'pending'],
		]);
		expect(t.state).toEqual(state);
		expect(JSON.stringify(t.saved)).toBe(saved);
		expect((await t.poll()).items!.map((j) => j.jobId)).toEqual([a]);
	});

	test('invalid job ids are a clear error naming the id; duplicates and separators are fine', async () => {
		const id = await startJob();
		expect((await trigger(`${id}, not-a-job`).poll()).error?.message).toBe(
			"Job IDs: 'not-a-job' is not a job id (a UUID)",
		);
		expect((await trigger(`../jobs/${id}`).poll()).error?.message).toBe(
			`Job IDs: '../jobs/${id}' is not a job id (a UUID)`,
		);
		await clearLog();
		await trigger(` ${id},\n${id.toUpperCase()} ;${id}`).poll();
		expect(requestsOf(env.sandbox)).toEqual([`GET /jobs/${id}`]);
	});

	test('jobIds from an expression', async () => {
		const id = await startJob();
		await setStatus(id, 'success');
		const t = new TriggerHarness(
			env.credentials,
			{ jobIds: `={{ ["${id}"].join(",") }}` },
			{ mode },
		);
		expect((await t.poll()).items!.map((j) => j.jobId)).toEqual([id]);
	});

	test('the API key is not in anything the trigger emits', async () => {
		const id = await startJob();
		await setStatus(id, 'failed');
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs',
			times: 20,
			fault: 'status',
			status: 500,
			echoRequest: true,
		});
		const failed = await trigger([id]).poll();
		expect(failed.error?.message).toContain('[redacted]');
		expect(
			JSON.stringify(failed.error) +
				failed.error?.message +
				String((failed.error as any)?.description),
		).not.toContain(OWNER);
	});
});
