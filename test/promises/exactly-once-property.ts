/**
 * Promise: every job fires exactly once, as a property. 1,000 jobs with random durations and
 * outcomes, random poll timing, random transient faults and restarts: every job that ends in a
 * selected status fires exactly once; nothing else fires. Checked in each way n8n keeps a poll's
 * state (see harness/trigger/), one test file per way (exactly-once-property-<mode>.test.ts).
 *
 * On simulated time, with the service answered in-process through n8n's request helper
 * (harness/model/): no run's verdict depends on how fast the machine is, and three runs of some
 * 25,000 status requests each cost a few seconds of CPU. The property is bounded by its number of
 * runs; jest's limit is a hang guard only.
 */
import fc from 'fast-check';

import { useInProcessService } from '../harness/model/in-process';
import { ModelTrigger } from '../harness/model/model-trigger';
import { modelRuns } from '../harness/model/runs';
import { SimNetwork, type Fault } from '../harness/model/sim-network';
import { SimWorkspace, type SimJob } from '../harness/model/sim-service';
import { World } from '../harness/model/world';
import type { N8nMode } from '../harness/trigger';

const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');
const TICK_MS = 60_000;
const JOBS = 1000;
const TICKS = 10;
const TERMINAL = ['success', 'warning', 'failed'] as const;

const jobPlan = fc.record({
	outcome: fc.constantFrom(...TERMINAL),
	// Tick at which the job starts running, and how many ticks it then takes to finish (0: finished before the first poll).
	runsAt: fc.nat({ max: 4 }),
	takes: fc.nat({ max: 4 }),
});
const fault = fc.record({
	kind: fc.constantFrom<Fault['kind']>(
		'429',
		'500',
		'502',
		'503',
		'504',
		'reset',
		'html',
		'empty-body',
		'malformed-json',
	),
	times: fc.integer({ min: 1, max: 40 }),
});
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
	seed: fc.integer(),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Runs one scenario; returns how many requests met a fault. */
async function runScenario(
	mode: N8nMode,
	s: Scenario,
	use: ReturnType<typeof useInProcessService>['use'],
) {
	const world = new World(T0, [], s.seed);
	const workspace = new SimWorkspace({ skewMs: 0, form: 'z', date: { kind: 'service' } }, 100);
	const network = new SimNetwork(world, workspace, [], KEY);
	use(network.serve);
	// Without durable poll cursors n8n keeps no state from a poll that emits nothing past a
	// restart, so "first seen" cannot be remembered there: Fire for Jobs Already Finished stays on.
	const emitAlreadyFinished = mode === 'durable' ? s.emitAlreadyFinished : true;
	const ids = s.jobs.map((_, i) => `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`);
	const jobs: SimJob[] = ids.map((id) => ({ id, status: 'pending' }));
	for (const job of jobs) workspace.jobs.set(job.id, job);
	const statusAt = (i: number, t: number) => {
		const plan = s.jobs[i];
		return t >= plan.runsAt + plan.takes ? plan.outcome : t >= plan.runsAt ? 'running' : 'pending';
	};
	const setStatus = (t: number) =>
		jobs.forEach((job, i) => {
			const status = statusAt(i, t);
			if (status === job.status) return;
			const now = world.clock.now();
			Object.assign(job, { status, startedAt: job.startedAt ?? now });
			if (status !== 'running') job.finishedAt = now;
		});
	const trigger = new ModelTrigger(
		world,
		mode,
		{ jobIds: ids.join('\n'), statuses: s.statuses, options: { emitAlreadyFinished } },
		KEY,
		3_600_000,
		'jobs',
	);
	// Tick 0 (activation): jobs planned with no duration are already finished; no faults.
	setStatus(0);
	// With durable poll cursors n8n keeps no state from an activation poll that emits nothing, and
	// runs none at a restart: the jobs were first seen by a scheduled poll.
	if (mode === 'durable') await trigger.poll();
	else await trigger.activate();
	for (let t = 1; t <= s.ticks.length; t++) {
		const plan = s.ticks[t - 1];
		await world.passTo(T0 + t * TICK_MS);
		setStatus(t);
		// Each fault meets the next `times` requests, as the sandbox's injected faults do.
		network.plan(
			plan.faults.flatMap((f) =>
				Array.from({ length: f.times }, () => ({ kind: f.kind, latencyMs: 0 })),
			),
		);
		if (plan.restart) await trigger.restart();
		for (let p = 0; p < plan.polls; p++) await trigger.poll();
		network.plan([]);
	}
	// Let everything settle without faults.
	for (let p = 0; p < 3; p++) await trigger.poll('settle');

	const fired = new Map<string, number>();
	const others: unknown[] = [];
	for (const item of trigger.fired) {
		if (item.notFound) others.push(item);
		else fired.set(item.jobId as string, (fired.get(item.jobId as string) ?? 0) + 1);
	}
	const alreadyFinished = (i: number) => s.jobs[i].runsAt + s.jobs[i].takes === 0;
	const expected = ids.filter(
		(_, i) =>
			s.statuses.includes(s.jobs[i].outcome) && (emitAlreadyFinished || !alreadyFinished(i)),
	);
	expect(others).toEqual([]);
	expect([...fired.entries()].filter(([, n]) => n !== 1)).toEqual([]);
	expect([...fired.keys()].sort()).toEqual([...expected].sort());
	return network.log.filter((l) => l.fault).length;
}

/** The property test for one of n8n's ways of keeping a poll's state. */
export function jobsFireExactlyOnce(mode: N8nMode) {
	const service = useInProcessService();
	test(`every selected terminal job fires exactly once (n8n mode ${mode})`, async () => {
		let faultsHit = 0;
		await fc.assert(
			fc.asyncProperty(scenario, async (s) => {
				faultsHit += await runScenario(mode, s, service.use);
			}),
			modelRuns(3),
		);
		// The faults really happened (the property is not vacuous).
		expect(faultsHit).toBeGreaterThan(0);
	});
}
