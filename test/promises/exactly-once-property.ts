/**
 * Promise: every job fires exactly once, as a property. 1,000 jobs with random durations and
 * outcomes, random poll timing, random transient faults and restarts: every job that ends in a
 * selected status fires exactly once; nothing else fires. Checked in each way n8n keeps a poll's
 * state (see harness/trigger/), one test file per way (exactly-once-property-<mode>.test.ts),
 * so that jest runs the three side by side.
 *
 * Each file is CPU-bound (about 15 to 30 s of CPU: some 10,000 status requests per run, three
 * runs) and checks no real time. It runs at the CPU priority of the others: at the lowest, as it
 * did while other files kept real deadlines, it got about 1 % of a core beside 6 busy loops and
 * ran past its 15-minute limit. What is checked is firing, not the poll's budget
 * (timeouts-bound-everything.test.ts and the Asset event's long listing check that): every poll
 * gets a budget it cannot run out of, so a busy machine cannot cut the settling polls short.
 *
 * Job states are set in-process through the sandbox's control API (fast); the trigger reaches
 * the sandbox over HTTP like any other test.
 */
import fc from 'fast-check';

import { KEYS, SEED_IDS } from '../../sandbox/seed';
import { call } from '../helpers/http';
import { useSandbox } from '../harness/fixtures';
import { TriggerHarness, type N8nMode } from '../harness/trigger';

const OWNER_KEY = KEYS[0];
const HOUR_MS = 3_600_000;
/** Polls that no busy machine makes outlast their budget (n8n's, ours, durable cursors' timeout). */
const UNBOUNDED = {
	settings: { pollCeilingMs: HOUR_MS },
	budgetMs: HOUR_MS,
	timeoutMs: HOUR_MS,
};
/** Jest's limit for a test: about 30 s of CPU, on a busy machine. */
const HANG_GUARD_MS = 900_000;
const JOBS = 1000;
const TICKS = 10;
const TERMINAL = ['success', 'warning', 'failed'] as const;

const jobPlan = fc.record({
	outcome: fc.constantFrom(...TERMINAL),
	// Tick at which the job starts running, and how many ticks it then takes to finish (0: finished before the first poll).
	runsAt: fc.nat({ max: 4 }),
	takes: fc.nat({ max: 4 }),
});
const fault = fc.oneof(
	fc.record({
		fault: fc.constant('status'),
		status: fc.constantFrom(429, 500, 502, 503, 504),
		times: fc.integer({ min: 1, max: 40 }),
		retryAfterSeconds: fc.constant(0),
	}),
	fc.record({ fault: fc.constant('reset'), times: fc.integer({ min: 1, max: 40 }) }),
	fc.record({
		fault: fc.constantFrom('html', 'empty-body', 'malformed-json'),
		times: fc.integer({ min: 1, max: 10 }),
	}),
);
const tick = fc.record({
	restart: fc.boolean(),
	polls: fc.integer({ min: 0, max: 2 }),
	faults: fc.array(fault, { maxLength: 3 }),
});
const scenario = fc.record({
	jobs: fc.array(jobPlan, { minLength: JOBS, maxLength: JOBS }),
	ticks: fc.array(tick, { minLength: TICKS, maxLength: TICKS }),
	statuses: fc.subarray([...TERMINAL], { minLength: 1 }),
	emitAlreadyFinished: fc.boolean(),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

type Env = ReturnType<typeof useSandbox>;

/** Runs one scenario; returns how many requests met a fault. */
async function runScenario(env: Env, mode: N8nMode, s: Scenario): Promise<number> {
	let faultsHit = 0;
	await call(env.sandbox, '/__sandbox/reset', { method: 'POST' });
	// Without durable poll cursors n8n keeps no state from a poll that emits nothing past a
	// restart, so "first seen" cannot be remembered there: Fire for Jobs Already Finished stays on.
	const emitAlreadyFinished = mode === 'durable' ? s.emitAlreadyFinished : true;
	const ids = s.jobs.map(
		() =>
			env.sandbox.workspace.execute(OWNER_KEY, SEED_IDS.salesforceOpportunities, 'API', {}).jobId,
	);
	const statusAt = (i: number, t: number) => {
		const plan = s.jobs[i];
		return t >= plan.runsAt + plan.takes ? plan.outcome : t >= plan.runsAt ? 'running' : 'pending';
	};
	const setStatus = (i: number, t: number) => {
		if (t === 0 || statusAt(i, t) !== statusAt(i, t - 1))
			env.sandbox.workspace.controlJob(OWNER_KEY, ids[i], { status: statusAt(i, t) });
	};
	const harness = new TriggerHarness(
		env.credentials,
		{ jobIds: ids.join('\n'), statuses: s.statuses, options: { emitAlreadyFinished } },
		{ mode, ...UNBOUNDED },
	);
	const fired = new Map<string, number>();
	const others: unknown[] = [];
	const record = (items: Array<Record<string, unknown>> | null) => {
		for (const item of items ?? []) {
			if (item.notFound) others.push(item);
			else fired.set(item.jobId as string, (fired.get(item.jobId as string) ?? 0) + 1);
		}
	};

	// Tick 0 (activation): jobs planned with no duration are already finished; the first poll has no faults.
	s.jobs.forEach((_, i) => setStatus(i, 0));
	// With durable poll cursors n8n keeps no state from an activation poll that emits nothing, and
	// runs none at a restart: the jobs were first seen by a scheduled poll.
	record((await (mode === 'durable' ? harness.poll() : harness.activate())).items);
	for (let t = 1; t <= s.ticks.length; t++) {
		const plan = s.ticks[t - 1];
		s.jobs.forEach((_, i) => setStatus(i, t));
		if (plan.faults.length)
			await call(env.sandbox, '/__sandbox/faults', {
				method: 'POST',
				body: plan.faults.map((f) => ({ match: '/api/public/v1/jobs', ...f })),
			});
		if (plan.restart) {
			harness.restart();
			// n8n runs the activation poll at every start, except with durable poll cursors.
			if (mode !== 'durable') record((await harness.activate()).items);
		}
		for (let p = 0; p < plan.polls; p++) record((await harness.poll()).items);
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		faultsHit += env.sandbox.requests.filter((r) => r.fault).length;
		await call(env.sandbox, '/__sandbox/requests', { method: 'DELETE' });
	}
	// Let everything settle without faults.
	for (let p = 0; p < 3; p++) record((await harness.poll()).items);

	const alreadyFinished = (i: number) => s.jobs[i].runsAt + s.jobs[i].takes === 0;
	const expected = ids.filter(
		(_, i) =>
			s.statuses.includes(s.jobs[i].outcome) && (emitAlreadyFinished || !alreadyFinished(i)),
	);
	expect(others).toEqual([]);
	expect([...fired.entries()].filter(([, n]) => n !== 1)).toEqual([]);
	expect([...fired.keys()].sort()).toEqual([...expected].sort());
	return faultsHit;
}

/** The property test for one of n8n's ways of keeping a poll's state, with its own sandbox. */
export function jobsFireExactlyOnce(mode: N8nMode) {
	const env = useSandbox({ jobStepMs: 1_000_000_000 });
	test(
		`every selected terminal job fires exactly once (n8n mode ${mode})`,
		async () => {
			let faultsHit = 0;
			await fc.assert(
				fc.asyncProperty(scenario, async (s) => {
					faultsHit += await runScenario(env, mode, s);
				}),
				{ numRuns: 3, endOnFailure: true },
			);
			// The faults really happened (the property is not vacuous).
			expect(faultsHit).toBeGreaterThan(0);
		},
		HANG_GUARD_MS,
	);
}
