/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The trigger active in a running `n8n start` (the line AW_N8N_LINE picks), in one of n8n's
 * modes: firing once for a finished job and not again, across a restart of n8n between a poll
 * that emitted nothing and the job's end, and against a slow service within its poll budget.
 * Each mode runs as its own suite (trigger.e2e.test.ts, trigger-durable.e2e.test.ts) on an n8n
 * of its own, which it restarts. The triggers poll more often than once a minute (several fixed-second crons a minute,
 * which n8n accepts: e2e/workflows.ts pollEvery), so a wait for the next poll is seconds:
 * POLL_EVERY_S (trigger-settings.ts).
 */
import { N8nSession } from '../../../e2e/n8n-session';
import type { OwnN8n } from '../../../e2e/shared-n8n';
import { SEED_IDS } from '../../../sandbox/seed';
import { call, controlJob, sandboxJobs, sleep, startJob } from '../../harness/http';
import { until } from '../../harness/until';
import { pollsOf } from './polls-of';
import { GAP_MS, SLOW_JOBS, SLOW_MS } from './trigger-settings';
import { triggerWorkflows } from './trigger-workflows';

export type TriggerMode = 'default' | 'durable poll cursors';

/** The scenario on the shared n8n of `mode`. */
export const triggerScenario = (mode: TriggerMode) =>
	describe(`the trigger in a running n8n (${mode})`, () => {
		let session: N8nSession & { n8n: OwnN8n };
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
		const fired = (jobId: string) => async () => (await notifications(jobId)).length > 0;

		test(
			'fires once per job: across a restart between a poll that emitted nothing and the job’s end, and against a slow service within its budget',
			async () => {
				// Each trigger also watches a job that never finishes (a heartbeat), whose requests show
				// that trigger's polls.
				// An n8n of its own: the restart below stops it.
				session = await N8nSession.own(mode === 'default' ? 'default' : 'durable', {
					sandbox: { jobStepMs: 1_000_000_000 },
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
				const workflows = triggerWorkflows({
					basic,
					heartbeat,
					on,
					onBeat,
					off,
					offBeat,
					slow,
					late,
				});
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
				const created = [];
				for (const workflow of workflows) created.push(await session.createWorkflow(workflow));
				const context = () => session.n8n.output().slice(-3000);
				const polls = (id: string) =>
					sandbox.requests.filter((r) => r.path.endsWith(`/jobs/${id}`)).length;
				const nextPoll = async (beat: string) => {
					const seen = polls(beat);
					await until('a poll came', () => polls(beat) > seen, 150_000, {
						everyMs: 500,
						context,
					});
				};

				for (const { id } of created) await session.activate(id);
				await Promise.all([nextPoll(heartbeat), nextPoll(onBeat), nextPoll(offBeat)]);
				expect(await notifications(basic)).toEqual([]);
				log('the workflows are active, the triggers polled');

				// A poll that emits nothing is the only one to see the restart cases' jobs running.
				for (const id of [on, off]) await controlJob(sandbox, id, { status: 'running' });
				await Promise.all([nextPoll(onBeat), nextPoll(offBeat)]);
				await controlJob(sandbox, basic, { status: 'failed' });
				await until('the basic job fired', fired(basic), 150_000, { everyMs: 500 });
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
				await until('the restart-on job fired', fired(on), 150_000, { everyMs: 500, context });
				// Fire for Jobs Already Finished off: the state n8n saved at activation shows the job was
				// watched before it finished, so it fires once in every mode (in default mode it did not,
				// before: its only running sighting came from a poll n8n did not keep; in engine:
				// test/promises/exactly-once.test.ts). Its workflow's message comes after the poll that
				// fired: a poll seen is not yet its message (on n8n 1.x under load it was not).
				await until('the restart-off job fired', fired(off), 150_000, { everyMs: 500, context });
				// Both restart triggers have polled since; one more poll each, and nothing fires again.
				await Promise.all([nextPoll(onBeat), nextPoll(offBeat), nextPoll(heartbeat)]);
				expect(await notifications(basic)).toHaveLength(1);
				expect(polls(basic)).toBe(asked);
				expect(await notifications(on)).toHaveLength(1);
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
				await until('a moment between polls', betweenPolls, 60_000, { everyMs: 500 });
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
				await until('the late job fired', fired(late), 300_000, { everyMs: 500 });
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
