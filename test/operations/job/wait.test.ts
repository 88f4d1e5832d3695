/**
 * Job > Wait for Completion (actions/job/wait.operation.ts) in n8n's engine against the sandbox:
 * few status requests for a long job (the adaptive intervals), and passing 503s retried, not fatal.
 * That its Timeout bounds the wait is promises/timeouts-bound-everything.test.ts. The node and the
 * sandbox share a test clock (its jobs take a step every 3 s, so a run lasts 6 s): well under a
 * second.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { startJob } from '../../harness/http';
import { TestClock } from '../../harness/clock';
import {
	inject,
	json,
	nodeRunner,
	pollBound,
	statusRequestsOf,
	useSandbox,
} from '../../harness/fixtures';

const clock = new TestClock();
const env = useSandbox({ jobStepMs: 3000, clock });
const run = nodeRunner(env);
const statusRequests = (jobId: string) => statusRequestsOf(env.sandbox, jobId);

describe('Job: Wait for Completion', () => {
	test('the number of status requests stays small for a long job (bound: the adaptive intervals that fit)', async () => {
		// Pending for 3 s, running for 3 s, then done.
		const started = await startJob(env.sandbox, SEED_IDS.nightlyFinance);
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
	});

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
