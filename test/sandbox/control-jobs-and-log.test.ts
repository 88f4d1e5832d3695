/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's control endpoints for jobs and the request log (/__sandbox/...), over real HTTP:
 * force a job's status, hold it and let it go; list every run with its parameters; the owner key
 * only; the log of public calls; reset back to the seed; a job that stays running until read
 * often enough. About 1 s (a job held over a step, on a
 * test clock).
 */
import { SEED_IDS } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import { VIEWER, api, call } from '../harness/http';
import { ISO } from '../harness/contract';
import { TestClock } from '../harness/clock';
import { UNKNOWN, useSandbox } from '../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('control endpoints', () => {
	/** A run of a runnable asset on `sandbox` (this file's own by default): its job id. */
	const start = async (sandbox = env.sandbox) =>
		(
			await api(sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			})
		).json.data.jobId;

	test('a job read fewer times than jobReadsBeforeFinal stays running, however long it runs', async () => {
		const clock = new TestClock();
		const stepped = await startSandbox({ jobStepMs: 1000, jobReadsBeforeFinal: 2, clock });
		try {
			const jobId = await start(stepped);
			const statuses = [];
			for (let read = 0; read < 3; read++) {
				await clock.sleep(60_000); // many steps: only the reads hold it back
				statuses.push((await api(stepped, `/jobs/${jobId}`)).json.data.status);
			}
			expect(statuses).toEqual(['running', 'running', 'success']);
		} finally {
			await stepped.close();
		}
	});

	test('force a status, hold a job so it never ends, then let it go', async () => {
		// Steps of a second on a test clock: the hold comes before the first step however busy the
		// machine is.
		const clock = new TestClock();
		const stepped = await startSandbox({ jobStepMs: 1000, clock });
		try {
			const held = await start(stepped);
			await call(stepped, `/__sandbox/jobs/${held}`, { method: 'POST', body: { hold: true } });
			await clock.sleep(1250);
			expect((await api(stepped, `/jobs/${held}`)).json.data.status).toBe('pending');
			await call(stepped, `/__sandbox/jobs/${held}`, { method: 'POST', body: { hold: false } });
			await clock.sleep(2000); // two steps: running, then its outcome
			expect((await api(stepped, `/jobs/${held}`)).json.data.status).toBe('success');
		} finally {
			await stepped.close();
		}

		const forced = await start();
		const res = await call(env.sandbox, `/__sandbox/jobs/${forced}`, {
			method: 'POST',
			body: { status: 'failed' },
		});
		expect(res.json.data.job.status).toBe('failed');
		expect((await api(env.sandbox, `/jobs/${forced}`)).json.data).toMatchObject({
			status: 'failed',
			finishedAt: expect.stringMatching(ISO),
		});
		expect(
			(
				await call(env.sandbox, `/__sandbox/jobs/${forced}`, {
					method: 'POST',
					body: { status: 'done' },
				})
			).status,
		).toBe(400);
	});

	test('GET /__sandbox/jobs lists every run with its parameters, oldest first', async () => {
		const a = await start();
		const b = (
			await api(env.sandbox, `/assets/${SEED_IDS.slackNotifier}/execute`, {
				method: 'POST',
				body: { jobSource: 'API', parameters: { MESSAGE: 'hi' } },
			})
		).json.data.jobId;
		const jobs = (await call(env.sandbox, '/__sandbox/jobs')).json.data.jobs;
		expect(jobs.map((j: any) => [j.job.jobId, j.parameters])).toEqual([
			[a, {}],
			[b, { MESSAGE: 'hi' }],
		]);
	});

	test('control endpoints need the owner key', async () => {
		expect((await call(env.sandbox, '/__sandbox/requests', { key: VIEWER })).status).toBe(403);
		expect((await call(env.sandbox, '/__sandbox/requests', { key: null })).status).toBe(401);
	});

	test('the request log records method, path, query, status and time of public calls only', async () => {
		await api(env.sandbox, '/assets?limit=2&offset=1');
		await api(env.sandbox, `/assets/${UNKNOWN}`);
		const log = (await call(env.sandbox, '/__sandbox/requests')).json.data.requests;
		expect(log).toEqual([
			{
				method: 'GET',
				path: '/api/public/v1/assets',
				query: { limit: '2', offset: '1' },
				status: 200,
				fault: null,
				time: expect.stringMatching(ISO),
				durationMs: expect.any(Number),
			},
			{
				method: 'GET',
				path: `/api/public/v1/assets/${UNKNOWN}`,
				query: {},
				status: 404,
				fault: null,
				time: expect.stringMatching(ISO),
				durationMs: expect.any(Number),
			},
		]);
	});

	test('reset goes back to the seed: jobs, faults and the log are gone', async () => {
		const id = await start();
		await call(env.sandbox, '/__sandbox/faults', {
			method: 'POST',
			body: { match: '/api/public/v1/jobs', times: 5, fault: 'status', status: 503 },
		});
		await call(env.sandbox, '/__sandbox/reset', { method: 'POST' });
		expect((await api(env.sandbox, `/jobs/${id}`)).status).toBe(404);
		expect((await call(env.sandbox, '/__sandbox/faults')).json.data.faults).toEqual([]);
		expect((await call(env.sandbox, '/__sandbox/requests')).json.data.requests).toHaveLength(1);
	});
});
