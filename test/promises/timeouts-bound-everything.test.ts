/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: a timeout bounds everything inside it (requests, retries, Retry-After waits, sleeps). In
 * n8n's engine against the sandbox and fake servers: Wait for Completion ends by its Timeout
 * whatever the server does (Retry-After 10 or 60 s, no answer), and at once when the execution is
 * cancelled; its status checks never go past the deadline; the request timeout cuts off a body
 * that drips; a trigger poll ends within its budget, and jobs it had no time to ask go first next
 * poll. Where the decision is under test (not to wait for a Retry-After past the deadline, the
 * checks' times, the poll's window), the node and the sandbox share a test clock
 * (test/harness/clock.ts), and the bounds are exact. Where the clock itself is (an attempt cut off
 * by its real time limit, a cancel that must end a real wait at once), real time, with bounds a
 * busy machine keeps. About 12 s alone, most of it the real waits.
 */
import { LAST_ANSWER_MS } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import { POLL_CONCURRENCY } from '../../nodes/AssetWorkspaceTrigger/events/jobFinished/poll';
import { KEYS, SEED_IDS } from '../../sandbox/seed';
import { OWNER, controlJob, sleep, startJob } from '../harness/http';
import { useFakeServers } from '../harness/fake-server';
import { TestClock } from '../harness/clock';
import { TEST_TRANSPORT, testTransport } from '../harness/engine';
import {
	getAsset,
	inject,
	nodeRunner,
	pollBound,
	requestsOf,
	statusRequestsOf,
	useSandbox,
} from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

// Jobs only move when a test says so. One sandbox on the real clock, one on a test clock.
const env = useSandbox({ jobStepMs: 1_000_000_000 });
const run = nodeRunner(env);
const clock = new TestClock();
const clocked = useSandbox({ jobStepMs: 1_000_000_000, clock });
const runOnClock = nodeRunner(clocked);
const serve = useFakeServers();
const { maxAttempts } = TEST_TRANSPORT.retry;

describe('Wait for Completion ends by its Timeout, whatever the server does', () => {
	const waitFor = (jobId: string, timeout: number) => ({
		resource: 'job',
		operation: 'wait',
		jobId,
		options: { timeout },
	});

	// A Retry-After past the deadline is not waited for: on the test clock the node's whole run
	// takes the Timeout at most, with the last check's second to answer, exactly.
	test.each([
		['503 with Retry-After 10', { fault: 'status', status: 503, retryAfterSeconds: 10 }],
		['503 with Retry-After 60', { fault: 'status', status: 503, retryAfterSeconds: 60 }],
		['429 with Retry-After 10', { fault: 'status', status: 429, retryAfterSeconds: 10 }],
	])('%s: Timeout 1 s', async (_label, fault) => {
		const jobId = (await startJob(clocked.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		await inject(clocked.sandbox, { match: '/api/public/v1/jobs/', times: 100, ...fault });
		const result = await runOnClock({ parameters: waitFor(jobId, 1) });
		expect(result.error?.message).toBe(
			`Job ${jobId} did not finish within 1 s (last status: unknown)`,
		);
		expect(result.nodeMs).toBeLessThanOrEqual(1000 + LAST_ANSWER_MS);
	});

	// No answer: the real time limit of the attempt ends it (the clock is what is under test). The
	// Timeout and the last check's second, and 8 s for a busy machine: far below the 30 s attempt
	// timeout it must not wait for (before: 1 s for a busy machine, which 16 n8n start-ups beside it
	// can take).
	test.each([['a server that never answers', { fault: 'hang' }]])(
		'%s: Timeout 1 s',
		async (_label, fault) => {
			const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
			await inject(env.sandbox, { match: '/api/public/v1/jobs/', times: 100, ...fault });
			const result = await run({ parameters: waitFor(jobId, 1), settings: testTransport({}) });
			expect(result.error?.message).toBe(
				`Job ${jobId} did not finish within 1 s (last status: unknown)`,
			);
			expect(TEST_TRANSPORT.retry.attemptTimeoutMs).toBe(30_000);
			expect(result.nodeMs).toBeLessThan(1000 + LAST_ANSWER_MS + 8000);
		},
	);

	test('a cancelled execution ends its wait at once, and asks nothing more', async () => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const checks = () => statusRequestsOf(env.sandbox, jobId).filter((r) => r.status !== null);
		// Cancelled once the third status check (at 2.5 s) is answered: the wait then sleeps until
		// the fourth, 2.25 s later. Real time: a cancel must end a real wait.
		const thirdAnswered = (async () => {
			while (checks().length < 3) await sleep(10);
		})();
		const result = await run({ parameters: waitFor(jobId, 3600), cancelWhen: thirdAnswered });
		const ended = Date.now();
		// The cancel ended it: in the wait, or (on a busy machine) while the node still read the third
		// answer.
		expect(result.error?.message).toMatch(
			/^(The execution was cancelled while waiting for job .+|Asset Workspace API: the execution was cancelled during a request)$/,
		);
		// It ended before the fourth check was due, whenever the cancel came.
		expect(checks()).toHaveLength(3);
		expect(ended - Date.parse(checks()[2].time)).toBeLessThan(2250);
		const asked = requestsOf(env.sandbox).length;
		await sleep(2500);
		expect(requestsOf(env.sandbox)).toHaveLength(asked);
	});
});

describe('Job: Wait for Completion', () => {
	test('timeout: a job that never ends fails clearly after the timeout, polling never past the deadline', async () => {
		const started = await startJob(clocked.sandbox, SEED_IDS.nightlyFinance);
		await controlJob(clocked.sandbox, started.jobId, { hold: true });
		const result = await runOnClock({
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
		const polls = statusRequestsOf(clocked.sandbox, started.jobId);
		expect(polls.length).toBeLessThanOrEqual(pollBound(3));
		// The wait begins with a status check; the last one is made at the deadline, 3 s later (the
		// sandbox's log is on the test clock). On failure: when each check came, in ms after the first.
		const began = Date.parse(polls[0].time);
		expect(polls.map((poll) => Date.parse(poll.time) - began).filter((ms) => ms > 3000)).toEqual(
			[],
		);
	});
});

describe('the request timeout bounds the whole request', () => {
	test('a server that drips a byte every 250 ms is cut off at the timeout, and retried within the bound', async () => {
		const drip = await serve((_req, res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.write('{"data": ');
			const timer = setInterval(() => res.write(' '), 250);
			res.on('close', () => clearInterval(timer));
		});
		const result = await run({
			credentials: { baseUrl: drip.url, apiKey: OWNER },
			parameters: getAsset(),
			settings: testTransport({ attemptTimeoutMs: 1000 }),
		});
		expect(result.error?.message).toBe(
			`Asset Workspace API: no answer from ${drip.url} [timed out] Check the base URL and that the service is up.`,
		);
		expect(result.error?.description).toContain(`after ${maxAttempts} attempts`);
		expect(result.error?.description).toContain('Cause: no complete answer within 1 s.');
		expect(drip.requests).toHaveLength(maxAttempts);
	});
});

describe('a trigger poll ends within its budget', () => {
	// 52 jobs whose status answers take 1.5 s each, asked 16 at a time, in polls of at most 4 s
	// (asking 3.6 s of them): a poll asks 16, 16 more, then 16 that its window cuts off, and never
	// asks the last 4, which the next poll asks first. The modes run side by side, each against a
	// sandbox of its own that answers every public request 1.5 s late, on a clock of its own: its
	// slow answers and the polls' windows keep their proportions however busy the machine is, and
	// one mode's requests in transit do not hold up another's clock.
	const CEILING_MS = 4000;
	const ANSWER_MS = 1500;
	const JOBS = 3 * POLL_CONCURRENCY + 4;
	const slow = new Map(
		N8N_MODES.map((mode) => [
			mode,
			useSandbox({ jobStepMs: 1_000_000_000, latencyMs: ANSWER_MS, clock: new TestClock() }),
		]),
	);

	test.concurrent.each(N8N_MODES)(
		'%s: a poll ends within its budget; jobs not asked in time go first next poll',
		async (mode) => {
			const { sandbox, credentials, clock } = slow.get(mode)!;
			// The jobs are made and ended in the sandbox's process; what the trigger asks goes over HTTP.
			const ids = Array.from(
				{ length: JOBS },
				() => sandbox.workspace.execute(KEYS[0], SEED_IDS.stripePayments, 'API', {}).jobId,
			);
			for (const id of ids) sandbox.workspace.controlJob(KEYS[0], id, { status: 'failed' });
			const trigger = new TriggerHarness(
				credentials,
				{ jobIds: ids.join(',') },
				{ mode, settings: { transport: testTransport({}, clock), pollCeilingMs: CEILING_MS } },
			);
			/** The jobs asked for so far, in the order the sandbox saw the requests. */
			const asked = () =>
				sandbox.requests.map((r) => r.path.split('/').pop()!).filter((id) => ids.includes(id));
			const fired: string[] = [];
			const durations: number[] = [];
			const askedIn: string[][] = [];
			for (let poll = 0; poll < 8 && fired.length < ids.length; poll++) {
				const before = asked().length;
				const result = await trigger.poll();
				expect(result.error).toBeUndefined();
				durations.push(result.durationMs);
				askedIn.push(asked().slice(before));
				fired.push(...(result.items ?? []).map((j) => j.jobId as string));
			}
			// The polls that took longer than their budget, with their durations in ms (none).
			expect(durations.filter((ms) => ms > CEILING_MS)).toEqual([]);
			expect([...fired].sort()).toEqual([...ids].sort());
			expect(new Set(fired).size).toBe(ids.length);
			// The first poll's window closed before it asked for every job; those went first in the next
			// poll's first 16 requests (all sent before any answer came).
			const notAsked = ids.filter((id) => !askedIn[0].includes(id));
			expect(notAsked.length).toBeGreaterThan(0);
			const nextFirst = askedIn[1].slice(0, POLL_CONCURRENCY);
			expect(nextFirst.filter((id) => notAsked.includes(id))).toHaveLength(
				Math.min(notAsked.length, POLL_CONCURRENCY),
			);
		},
	);
});
