/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: a timeout bounds everything inside it (requests, retries, Retry-After waits, sleeps). In
 * n8n's engine against the sandbox and fake servers: Wait for Completion ends within about a second
 * of its Timeout whatever the server does (Retry-After 10 or 60 s, no answer), and at once when the
 * execution is cancelled; its status checks never go past the deadline; the request timeout cuts
 * off a body that drips; a trigger poll ends within its budget, and jobs it had no time to ask go
 * first next poll. Real deadlines: about 25 s alone (the three modes' poll budgets side by side).
 */
import { LAST_ANSWER_MS } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import { POLL_CONCURRENCY } from '../../nodes/AssetWorkspaceTrigger/pollJobs';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, controlJob, startJob } from '../helpers/http';
import { useFakeServers } from '../helpers/fake-server';
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

// Jobs only move when a test says so.
const env = useSandbox({ jobStepMs: 1_000_000_000 });
const run = nodeRunner(env);
const serve = useFakeServers();
const statusRequests = (jobId: string) => statusRequestsOf(env.sandbox, jobId);
const { maxAttempts } = TEST_TRANSPORT.retry;

describe('Wait for Completion ends within about a second of its Timeout, whatever the server does', () => {
	/** What a busy machine may add to a real wait (events run late, answers arrive late). */
	const LATE_MS = 1000;

	const waitFor = (jobId: string, timeout: number) => ({
		resource: 'job',
		operation: 'wait',
		jobId,
		options: { timeout },
	});

	test.each([
		['503 with Retry-After 10', { fault: 'status', status: 503, retryAfterSeconds: 10 }],
		['503 with Retry-After 60', { fault: 'status', status: 503, retryAfterSeconds: 60 }],
		['429 with Retry-After 10', { fault: 'status', status: 429, retryAfterSeconds: 10 }],
		['a server that never answers', { fault: 'hang' }],
	])('%s: Timeout 1 s', async (_label, fault) => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		await inject(env.sandbox, { match: '/api/public/v1/jobs/', times: 100, ...fault });
		const result = await run({ parameters: waitFor(jobId, 1), settings: testTransport({}) });
		expect(result.error?.message).toBe(
			`Job ${jobId} did not finish within 1 s (last status: unknown)`,
		);
		// The Timeout, the last check's second to answer, and a second for a busy machine: far
		// below the Retry-After (10 s, 60 s) or the attempt timeout (30 s) it must not wait for.
		expect(result.nodeMs).toBeLessThan(1000 + LAST_ANSWER_MS + LATE_MS);
	});

	test('a cancelled execution ends its wait at once, and asks nothing more', async () => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const result = await run({ parameters: waitFor(jobId, 3600), cancelAfterMs: 2500 });
		// Status checks at 0, 1 and 2.5 s, the next at 4.75 s: a wait that did not end at once would
		// end then at the earliest.
		expect(result.nodeMs).toBeLessThan(2500 + LATE_MS);
		const asked = requestsOf(env.sandbox).length;
		await new Promise((resolve) => setTimeout(resolve, 2500));
		expect(requestsOf(env.sandbox)).toHaveLength(asked);
	});
});

describe('Job: Wait for Completion', () => {
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
	// asks the last 4, which the next poll asks first. On a busy machine the first 16 still have
	// 2.1 s to spare; the modes run side by side (about 8 s together), each with its own jobs.
	const CEILING_MS = 4000;
	const ANSWER_MS = 1500;
	const JOBS = 3 * POLL_CONCURRENCY + 4;
	/** Asking every job (four rounds of answers) would take 6 s. */
	const LONGEST_MS = CEILING_MS + 1500;

	test.concurrent.each(N8N_MODES)(
		'%s: a poll ends within its budget; jobs not asked in time go first next poll',
		async (mode) => {
			const ids: string[] = [];
			for (let i = 0; i < JOBS; i++)
				ids.push((await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId);
			for (const id of ids) await controlJob(env.sandbox, id, { status: 'failed' });
			await inject(
				env.sandbox,
				ids.map((id) => ({
					match: `/api/public/v1/jobs/${id}`,
					fault: 'slow-body',
					delayMs: ANSWER_MS,
					times: 100,
				})),
			);
			const trigger = new TriggerHarness(
				env.credentials,
				{ jobIds: ids.join(',') },
				{ mode, settings: { pollCeilingMs: CEILING_MS } },
			);
			/** The jobs asked for so far, in the order the sandbox saw the requests. */
			const asked = () =>
				env.sandbox.requests.map((r) => r.path.split('/').pop()!).filter((id) => ids.includes(id));
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
			// The polls that took too long, with their durations in ms (none).
			expect(durations.filter((ms) => ms >= LONGEST_MS)).toEqual([]);
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
		120_000,
	);
});
