/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The trigger active in a running `n8n start` (the line AW_N8N_LINE picks), in one of n8n's
 * modes: firing once for a finished job and not again, across a restart of n8n between a poll
 * that emitted nothing and the job's end, and against a slow service within its poll budget.
 * Each mode runs in its own n8n, as its own suite (trigger.e2e.test.ts, trigger-durable.e2e.test.ts),
 * side by side under `npm test`. The triggers poll more often than once a minute (several
 * fixed-second crons a minute, which n8n accepts: e2e/workflows.ts pollEvery), so a wait for the
 * next poll is seconds: POLL_EVERY_S.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { openSession, pollEvery, setPollTimes, type Session } from '../../../e2e/workflows';
import { SEED_IDS } from '../../../sandbox/seed';
import { call, controlJob, sandboxJobs, sleep, startJob } from '../../helpers/http';

const WORKFLOWS = join(__dirname, '..', 'workflows');

/** n8n 2.41 with durable poll cursors (off by default): each poll's state is committed. */
const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
/**
 * Seconds between polls, in both modes: the triggers', the slow service's. With durable poll
 * cursors n8n commits an emitting poll's state only with the execution it starts, after the
 * poll has returned, and a poll that begins before that commit reads the state from before it:
 * here, with polls 10 s apart on a loaded machine, a job once fired twice. The trigger now waits
 * for that commit (emitSeen.ts; in engine: test/promises/exactly-once-while-n8n-commits.test.ts),
 * so durable mode polls as often as the default one. Without durable cursors a poll's state is
 * the workflow's in memory, seen by the next poll at once.
 */
const POLL_EVERY_S = { triggers: 10, slow: 20 };
/** Jobs watched by the "Slow service" trigger; each status answer takes SLOW_MS. */
const SLOW_JOBS = 300;
const SLOW_MS = 2000;
/**
 * Its polls take its whole window (27 s) and start at most every 20 s, so they are at least 13 s
 * apart, less n8n's scheduling delay (with durable poll cursors up to one 5.5 s executor pass):
 * requests more than GAP_MS apart belong to different polls. Within a poll each of its 16 lanes
 * asks its next job as soon as the last answer is in.
 */
const GAP_MS = 3000;

export type TriggerMode = 'default' | 'durable poll cursors';

/** The scenario in one n8n of its own, started in `mode`. */
export const triggerScenario = (mode: TriggerMode) =>
	describe(`the trigger in a running n8n (${mode})`, () => {
		let session: Session;
		const began = Date.now();
		/** Progress on stderr, with the seconds since the suite began (the runner logs it). */
		const log = (what: string) =>
			process.stderr.write(
				`[trigger ${mode}] ${what} at ${Math.round((Date.now() - began) / 1000)} s\n`,
			);
		afterAll(async () => session?.close(), 60_000);

		const notifications = async (jobId: string) => {
			const jobs = await sandboxJobs(session.sandbox!);
			return jobs.filter(
				(j) =>
					j.job.assetId === SEED_IDS.slackNotifier &&
					String(j.parameters.MESSAGE ?? '').startsWith(jobId),
			);
		};
		const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
			const deadline = Date.now() + timeoutMs;
			while (Date.now() < deadline) {
				if (await check()) return true;
				await sleep(500);
			}
			return false;
		};

		test(
			'fires once per job: across a restart between a poll that emitted nothing and the job’s end, and against a slow service within its budget',
			async () => {
				// Each trigger also watches a job that never finishes (a heartbeat), whose requests show
				// that trigger's polls.
				session = await openSession({
					sandbox: { jobStepMs: 1_000_000_000 },
					env: mode === 'default' ? {} : DURABLE_CURSORS,
				});
				const sandbox = session.sandbox!;
				const start = async (): Promise<string> =>
					(await startJob(sandbox, SEED_IDS.postgresOrders)).jobId;
				const [basic, heartbeat] = [await start(), await start()];
				const [on, onBeat, off, offBeat] = [
					await start(),
					await start(),
					await start(),
					await start(),
				];
				const slow: string[] = [];
				for (let n = 0; n < SLOW_JOBS; n++) slow.push(await start());
				const late = await start(); // last on the slow list
				// Fire for Jobs Already Finished off has a workflow of its own: n8n saves a workflow's
				// static data as a whole when any of its triggers emits, which would save it too.
				const workflows = ['trigger.workflow.json', 'trigger-off.workflow.json'].map((file) =>
					JSON.parse(
						readFileSync(join(WORKFLOWS, file), 'utf8')
							.replace('__BASIC__', `${basic}, ${heartbeat}`)
							.replace('__RESTART_ON__', `${on}, ${onBeat}`)
							.replace('__RESTART_OFF__', `${off}, ${offBeat}`)
							.replace('__SLOW__', [...slow, late].join(',')),
					),
				);
				for (const workflow of workflows) setPollTimes(workflow, pollEvery(POLL_EVERY_S.triggers));
				workflows[0].nodes.find(
					(n: { name: string }) => n.name === 'Slow service',
				).parameters.pollTimes = pollEvery(POLL_EVERY_S.slow);
				// The restart cases' jobs cannot be read by the first poll: their first sighting is a later one.
				await call(sandbox, '/__sandbox/faults', {
					method: 'POST',
					body: [
						...[on, off].map((id) => ({
							match: `/api/public/v1/jobs/${id}`,
							fault: 'status',
							status: 503,
							times: 4,
						})),
					],
				});
				await session.n8n.importWorkflows(workflows);
				for (const workflow of workflows) await session.n8n.publish(workflow.id);
				const polls = (id: string) =>
					sandbox.requests.filter((r) => r.path.endsWith(`/jobs/${id}`)).length;
				const nextPoll = async (beat: string) => {
					const seen = polls(beat);
					if (!(await until(async () => polls(beat) > seen, 150_000)))
						throw new Error(`no poll came:\n${session.n8n.serverOutput.slice(-3000)}`);
				};

				await session.n8n.start();
				await Promise.all([nextPoll(heartbeat), nextPoll(onBeat), nextPoll(offBeat)]);
				expect(await notifications(basic)).toEqual([]);
				log('n8n started, the triggers polled');

				// A poll that emits nothing is the only one to see the restart cases' jobs running.
				for (const id of [on, off]) await controlJob(sandbox, id, { status: 'running' });
				await Promise.all([nextPoll(onBeat), nextPoll(offBeat)]);
				await controlJob(sandbox, basic, { status: 'failed' });
				expect(await until(async () => (await notifications(basic)).length > 0, 150_000)).toBe(
					true,
				);
				const asked = polls(basic);
				log('the failed job fired');
				await nextPoll(heartbeat);
				expect(await notifications(basic)).toHaveLength(1);
				expect((await notifications(basic))[0].parameters.MESSAGE).toBe(`${basic} failed`);
				expect(polls(basic)).toBe(asked); // settled: never asked for again
				log('n8n stops');

				// The restart cases' jobs finish while n8n is down.
				await session.n8n.stop();
				for (const id of [on, off]) await controlJob(sandbox, id, { status: 'success' });
				await session.n8n.start();
				expect(await until(async () => (await notifications(on)).length > 0, 150_000)).toBe(true);
				// Both restart triggers have polled since; one more poll each, and nothing fires again.
				await Promise.all([nextPoll(onBeat), nextPoll(offBeat), nextPoll(heartbeat)]);
				expect(await notifications(basic)).toHaveLength(1);
				expect(polls(basic)).toBe(asked);
				expect(await notifications(on)).toHaveLength(1);
				// Fire for Jobs Already Finished off: the state n8n saved at activation shows the job was
				// watched before it finished, so it fires once in every mode (in default mode it did not,
				// before: its only running sighting came from a poll n8n did not keep; in engine:
				// test/promises/exactly-once.test.ts).
				expect(await notifications(off)).toHaveLength(1);
				log('both restart cases fired once');

				// The slow service, from a scheduled poll on (n8n's poll at activation and the next tick
				// can follow each other within a second, and would read as one poll): every poll ends
				// within its budget (30 s), and the late job, past the first poll's budget, fires once.
				// The service turns slow between two of the trigger's polls, so that its first slow poll
				// is slow from its first request: while the answers are quick a poll asks all its jobs
				// within a second or two, then nothing is asked until the next one, 20 s or more later.
				const slowIds = new Set([...slow, late]);
				const slowAsked = () =>
					sandbox.requests.filter((r) => slowIds.has(r.path.split('/').pop()!)).length;
				const betweenPolls = async () => {
					const asked = slowAsked();
					await sleep(GAP_MS);
					return asked > 0 && slowAsked() === asked;
				};
				expect(await until(betweenPolls, 60_000)).toBe(true);
				const slowSince = Date.now();
				log('the service turns slow');
				await call(sandbox, '/__sandbox/faults', {
					method: 'POST',
					body: [...slow, late].map((id) => ({
						match: `/api/public/v1/jobs/${id}`,
						fault: 'slow-body',
						delayMs: SLOW_MS,
						times: 1000,
					})),
				});
				await controlJob(sandbox, late, { status: 'success' });
				expect(await until(async () => (await notifications(late)).length > 0, 300_000)).toBe(true);
				const slowPolls = pollsOf(
					sandbox.requests.filter(
						(r) => Date.parse(r.time) >= slowSince && slow.includes(r.path.split('/').pop()!),
					),
				);
				const longest = Math.max(...slowPolls.map((p) => p.ms));
				process.stderr.write(
					`[trigger ${mode}] slow service: ${slowPolls.length} polls of ${slowPolls.map((p) => p.requests).join(', ')} requests; longest poll ${longest} ms\n`,
				);
				expect(longest).toBeLessThan(30_000);
				expect(slowPolls.length).toBeGreaterThanOrEqual(2); // the late job was past the first
				expect(await notifications(late)).toHaveLength(1);
			},
			35 * 60_000,
		);
	});

/**
 * Requests grouped into polls, with each poll's span. A poll asks each job at most once and a
 * node's polls never overlap in one process, so a job asked again starts the next poll (two
 * polls can follow each other within seconds: n8n's poll at activation, then the next tick).
 */
function pollsOf(requests: Array<{ path: string; time: string; durationMs: number }>) {
	const polls: Array<{ start: number; end: number; ids: Set<string> }> = [];
	for (const r of [...requests].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
		const start = Date.parse(r.time);
		const id = r.path.split('/').pop()!;
		const last = polls.at(-1);
		if (last && !last.ids.has(id) && start - last.end < GAP_MS) {
			last.end = Math.max(last.end, start + r.durationMs);
			last.ids.add(id);
		} else polls.push({ start, end: start + r.durationMs, ids: new Set([id]) });
	}
	return polls.map((p) => ({ ms: p.end - p.start, requests: p.ids.size }));
}
