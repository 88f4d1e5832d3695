/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Job > Wait for Completion (actions/job/wait.operation.ts) in n8n's engine against the sandbox:
 * few status requests for a long job (the adaptive intervals), and passing 503s retried, not fatal.
 * That its Timeout bounds the wait is promises/timeouts-bound-everything.test.ts. About 10 s (a job
 * held for 6 s).
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { controlJob, startJob } from '../../helpers/http';
import {
	inject,
	json,
	nodeRunner,
	pollBound,
	statusRequestsOf,
	useSandbox,
} from '../../harness/fixtures';

const env = useSandbox({ jobStepMs: 200 });
const run = nodeRunner(env);
const statusRequests = (jobId: string) => statusRequestsOf(env.sandbox, jobId);

describe('Job: Wait for Completion', () => {
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
});
