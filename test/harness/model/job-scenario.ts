/**
 * One model-checked story of the Job Finished event: watched jobs that start and finish (some
 * before the trigger first asks), faults, answers in any order, restarts and clocks; then quiet
 * polls, and the promises (docs/trigger.md, "Job Finished") as invariants: a selected job fires
 * once; with Fire for Jobs Already Finished off, one the first kept poll saw finished never does.
 */
import fc from 'fast-check';

import type { N8nMode } from '../trigger';
import { clocksArb, faultArb, picksArb } from './arbitraries';
import type { Serve } from './in-process';
import { ModelTrigger, type ModelPoll } from './model-trigger';
import { SimNetwork } from './sim-network';
import { SimWorkspace, type SimJob } from './sim-service';
import { World } from './world';

const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');
const TICK_MS = 60_000;
const FINAL = ['success', 'warning', 'failed'] as const;

const jobArb = fc.record({
	// When (from activation, n8n's clock) it starts running and finishes; before 0: already.
	startsAt: fc.integer({ min: -120_000, max: 300_000 }),
	takesMs: fc.nat({ max: 200_000 }),
	outcome: fc.constantFrom(...FINAL),
});

export const jobScenarioArb = fc.record({
	jobs: fc.array(jobArb, { minLength: 1, maxLength: 12 }),
	statuses: fc.subarray([...FINAL], { minLength: 1 }),
	emitAlreadyFinished: fc.boolean(),
	clocks: clocksArb,
	activation: fc.array(faultArb, { maxLength: 8 }),
	ticks: fc.array(
		fc.record({ faults: fc.array(faultArb, { maxLength: 8 }), restart: fc.boolean() }),
		{
			minLength: 1,
			maxLength: 6,
		},
	),
	picks: picksArb,
	seed: fc.integer(),
});

export type JobScenario = typeof jobScenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** Runs one story in `mode`; what the invariants found wrong. */
export async function jobStory(mode: N8nMode, s: JobScenario, use: (serve: Serve) => void) {
	const world = new World(T0, s.picks, s.seed);
	const workspace = new SimWorkspace(s.clocks, 100);
	const network = new SimNetwork(world, workspace, [], KEY);
	use(network.serve);
	const ids = s.jobs.map((_, i) => `00000000-0000-4000-a000-${String(i).padStart(12, '0')}`);
	const stamp = (at: number) => at + s.clocks.skewMs;
	s.jobs.forEach((plan, i) => {
		const job: SimJob = { id: ids[i], status: 'pending' };
		workspace.jobs.set(job.id, job);
		const startAt = T0 + plan.startsAt;
		const endAt = startAt + plan.takesMs;
		const end = () =>
			Object.assign(job, { status: plan.outcome, finishedAt: stamp(world.clock.now()) });
		// It ends only once it runs, whatever else happens at the same moment.
		const run = () => {
			Object.assign(job, { status: 'running', startedAt: stamp(world.clock.now()) });
			world.schedule(`job ${i} ends ${plan.outcome}`, end, endAt);
		};
		if (endAt <= T0)
			Object.assign(job, {
				status: plan.outcome,
				startedAt: stamp(startAt),
				finishedAt: stamp(endAt),
			});
		else if (startAt <= T0) {
			Object.assign(job, { status: 'running', startedAt: stamp(startAt) });
			world.schedule(`job ${i} ends ${plan.outcome}`, end, endAt);
		} else world.schedule(`job ${i} runs`, run, startAt);
	});
	const trigger = new ModelTrigger(
		world,
		mode,
		{
			jobIds: ids.join('\n'),
			statuses: s.statuses,
			options: { emitAlreadyFinished: s.emitAlreadyFinished },
		},
		KEY,
		30_000,
		'jobs',
	);
	network.plan(s.activation);
	await trigger.activate();
	for (const [index, tick] of s.ticks.entries()) {
		await world.passTo(T0 + (index + 1) * TICK_MS);
		network.plan(tick.faults);
		if (tick.restart) await trigger.restart();
		await trigger.poll();
	}
	network.faulty = false;
	// Every job has ended by now (the plans end within 500 s): quiet polls settle it.
	await world.passTo(Math.max(world.clock.now(), T0 + 600_000));
	for (let i = 0; i < 4; i++) {
		await trigger.poll('settle');
		await world.passTo(world.clock.now() + TICK_MS);
	}
	return {
		problems: jobProblems(s, ids, trigger, network),
		story: world.story,
		fired: trigger.fired.length,
	};
}

function jobProblems(s: JobScenario, ids: string[], trigger: ModelTrigger, network: SimNetwork) {
	const problems: string[] = [];
	const fired = (trigger.fired as Array<Record<string, unknown>>).filter(
		(item) => !item.notFound && !item.forbidden,
	);
	// The first poll n8n kept asked every job: one it saw finished was finished before it watched.
	const first = trigger.polls.find((poll) => poll.remembered && !poll.error);
	const firstEnd = first ? first.at + first.durationMs : -Infinity;
	// A job's requests in a poll (not in a failed one at the same time): where its watch began.
	const within = (at: number, p: ModelPoll) => at >= p.at && at <= p.at + p.durationMs;
	const failed = (at: number) => trigger.polls.some((f) => f.error && within(at, f));
	const asks = (id: string, p?: ModelPoll) =>
		network.log.filter((l) => p && l.path.endsWith(id) && within(l.at, p) && !failed(l.at));
	ids.forEach((id, i) => {
		const { outcome, startsAt, takesMs } = s.jobs[i];
		const times = fired.filter((item) => item.jobId === id);
		if (times.some((item) => item.status !== outcome))
			problems.push(`job ${i} fired as ${times[0].status}, it ended ${outcome}`);
		const answer = asks(id, first).find((l) => l.status === 200);
		const endsAt = T0 + startsAt + takesMs;
		// If that poll read nothing of it (a fault), its watch began by the poll's end (the newest
		// time the poll read, or its Date less an hour): a job ending a second later fires.
		const ask = trigger.polls.find((p) => p.remembered && !p.error && asks(id, p).length > 0);
		const unread = ask && !asks(id, ask).some((l) => l.status === 200);
		let expected: number[];
		if (!s.statuses.includes(outcome)) expected = [0];
		else if (s.emitAlreadyFinished) expected = [1];
		else if (answer?.finished) expected = [0];
		else if (unread && endsAt > ask.at + ask.durationMs + 1000) expected = [1];
		// Not answered by the first kept poll, or finished while it ran: either way (the docs).
		else if (!answer || endsAt <= firstEnd) expected = [0, 1];
		else expected = [1];
		if (!expected.includes(times.length))
			problems.push(
				`job ${i} (${outcome}) fired ${times.length} times, not ${expected.join(' or ')}`,
			);
	});
	for (const poll of trigger.polls.filter((p) => p.kind === 'settle' && p.error))
		problems.push(`a settling poll failed: ${poll.error}`);
	return problems;
}
