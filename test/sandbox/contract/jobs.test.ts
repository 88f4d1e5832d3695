/**
 * The sandbox's contract for GET /jobs/{jobId}, over real HTTP: a job goes pending, running,
 * then its outcome, one step per --job-step-ms, with start and finish times; unknown ids 404,
 * malformed 400, jobs of assets the key cannot read 404 as if unknown (the lifecycle on a test
 * clock). About 1 s.
 */
import { KEYS, SEED_IDS } from '../../../sandbox/seed';
import { startSandbox } from '../../../sandbox/server';
import { OWNER, VIEWER, api } from '../../harness/http';
import { TestClock } from '../../harness/clock';
import { ISO, expectError } from '../../harness/contract';
import { UNKNOWN, useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('GET /jobs/{jobId}: the job lifecycle', () => {
	test('pending -> running -> terminal, one step per --job-step-ms, with start and finish times', async () => {
		// Steps of 400 ms read every 10 ms, on a test clock: a reading falls into each step however
		// busy the machine is.
		const clock = new TestClock();
		const stepped = await startSandbox({ jobStepMs: 400, clock });
		try {
			const res = await api(stepped, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
				method: 'POST',
				body: { jobSource: 'Manual' },
			});
			const id = res.json.data.jobId;
			const seen = [res.json.data.status];
			for (
				let i = 0;
				i < 200 && !['success', 'warning', 'failed'].includes(seen[seen.length - 1]);
				i++
			) {
				await clock.sleep(10);
				const status = (await api(stepped, `/jobs/${id}`)).json.data.status;
				if (status !== seen[seen.length - 1]) seen.push(status);
			}
			expect(seen).toEqual(['pending', 'running', 'success']);
			const done = (await api(stepped, `/jobs/${id}`)).json.data;
			expect(done.jobSource).toBe('Manual');
			expect(done.startedAt).toMatch(ISO);
			expect(done.finishedAt).toMatch(ISO);
			expect(Date.parse(done.finishedAt)).toBeGreaterThan(Date.parse(done.startedAt));
		} finally {
			await stepped.close();
		}
	});

	test('jobs: unknown id 404, malformed id 400, jobs of hidden assets 404 for the viewer', async () => {
		expectError(await api(env.sandbox, `/jobs/${UNKNOWN}`), 404, 'not_found');
		expectError(await api(env.sandbox, '/jobs/12345'), 400, 'invalid_parameter');
		const hidden = await api(env.sandbox, `/assets/${SEED_IDS.payrollClose}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expect((await api(env.sandbox, `/jobs/${hidden.json.data.jobId}`, { key: OWNER })).status).toBe(
			200,
		);
		const viewer = await api(env.sandbox, `/jobs/${hidden.json.data.jobId}`, { key: VIEWER });
		expectError(viewer, 404, 'not_found');
		expect(viewer.json.error.message).toBe(
			(await api(env.sandbox, `/jobs/${UNKNOWN}`, { key: VIEWER })).json.error.message.replace(
				UNKNOWN,
				hidden.json.data.jobId,
			),
		);
		const visible = await api(env.sandbox, `/assets/${SEED_IDS.slackNotifier}/execute`, {
			method: 'POST',
			key: VIEWER,
			body: { jobSource: 'API' },
		});
		expect(visible.json.data.jobSourceId).toBe(KEYS[1].user.id);
		expect(
			(await api(env.sandbox, `/jobs/${visible.json.data.jobId}`, { key: VIEWER })).status,
		).toBe(200);
	});
});
