/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A trigger that cannot poll reaches the workflow's Error Workflow, n8n backs off as the cause
 * asks, and nothing is lost once the cause clears (issue 37; docs/trigger.md "When a poll
 * fails"), in a running n8n (the shared one; with durable poll cursors, one of its own). Three workflows, one trigger each, poll every
 * 10 s, each with the example Error Workflow (examples/alert-when-the-trigger-cannot-poll): the
 * job trigger's key is refused (401), the model-version trigger's service answers 500, the asset
 * trigger's 429 with `Retry-After: 120` (trigger-failure-workflows.ts). Every Error Workflow run
 * has the node's message and never the key, and so has each failed execution; every workflow
 * stays active. While the faults last, a job finishes, a version and an asset are created; once
 * they are cleared, each trigger resumes by itself and fires each once.
 *
 * With the durable poll scheduler (`durable`), the backoff n8n recorded (its poller_state row:
 * poller-state.ts) is read: 30 minutes for the refused key, no sooner than the 120 s asked for
 * the 429, 5 s doubling for the 500 (three failures). To see recovery without waiting 2 or 30
 * minutes, the test then moves the 401's and the 429's recorded end of backoff to now: simulated
 * time on a real n8n, the test doing what the passing of time would (the 500's passes for real).
 */
import { N8nSession } from '../../../e2e/n8n-session';
import type { SharedN8n } from '../../../e2e/shared-n8n';
import { SEED_IDS } from '../../../sandbox/seed';
import {
	call,
	controlJob,
	newAsset,
	newVersion,
	OWNER,
	sandboxJobs,
	startJob,
} from '../../harness/http';
import { until } from '../../harness/until';
import { example } from './examples';
import { endBackoff, pollerState } from './poller-state';
import { backedOffByCause } from './trigger-failure-backoff';
import { Executions } from './trigger-failure-runs';
import {
	failingPollWorkflows,
	MARKETING,
	REVENUE,
	type Watched,
} from './trigger-failure-workflows';

/** Far above what a loaded machine needs for a few ticks 10 s apart. */
const WITHIN_MS = 10 * 60_000;
/** n8n's executions are read every 2 s (each read is n8n's CPU); polls come 10 s apart. */
const EVERY = { everyMs: 2000 };
const MESSAGE: Record<Watched['cause'], RegExp> = {
	'credential-invalid': /401/,
	'temporarily-unavailable': /500/,
	'rate-limited': /429|rate limit/i,
};

export const failureScenario = (config: 'default' | 'durable') =>
	describe(`a trigger that cannot poll, in a running n8n (${config})`, () => {
		let session: N8nSession & { n8n: SharedN8n };
		const began = Date.now();
		const log = (what: string) =>
			process.stderr.write(
				`[trigger failure ${config}] ${what} at ${Math.round((Date.now() - began) / 1000)} s\n`,
			);
		afterAll(async () => session?.close(), 60_000);

		test(
			'reaches the Error Workflow with the message and never the key, backs off by cause, stays active, and fires what changed meanwhile once',
			async () => {
				const durable = config === 'durable';
				// The shared n8n runs n8n's default mode; durable poll cursors run on an n8n of their own.
				const options = { sandbox: { jobStepMs: 1_000_000_000 } };
				session = durable
					? await N8nSession.own('durable', options)
					: await N8nSession.shared(options);
				const { sandbox, n8n } = { sandbox: session.sandbox!, n8n: session.n8n };
				const [job, heartbeat] = [
					(await startJob(sandbox, SEED_IDS.postgresOrders)).jobId,
					(await startJob(sandbox, SEED_IDS.postgresOrders)).jobId,
				];
				const watched = failingPollWorkflows(job, heartbeat);
				// The recipe as shipped; n8n 2.x runs only a published Error Workflow, 1.x an inactive one.
				const errorWorkflow = await session.createWorkflow(
					example('alert-when-the-trigger-cannot-poll'),
				);
				if (n8n.line === 'n8n-2') await session.activate(errorWorkflow.id);
				const ids: string[] = [];
				for (const w of watched) {
					const { id } = await session.createWorkflow(w.workflow);
					await session.setErrorWorkflow(id, errorWorkflow.id);
					ids.push(id);
				}
				for (const id of ids) await session.activate(id);
				const asked = (w: Watched) => sandbox.requests.filter((r) => w.asks(r as any)).length;
				// The activation poll and a tick's: what exists is learned before anything fails.
				await until('the triggers polled', () => watched.every((w) => asked(w) >= 2), WITHIN_MS);
				await call(sandbox, '/__sandbox/faults', {
					method: 'POST',
					body: watched.map((w) => w.fault),
				});
				log('the service fails');

				const executions = new Executions(session);
				const failed = async () => Promise.all(ids.map((id) => executions.of(id, 'error')));
				const state = (i: number) => pollerState(n8n, ids[i], watched[i].nodeId);
				/** Every failed poll is one Error Workflow run about its workflow. */
				const alertedEach = async (enough: number[]) => {
					const [fails, alerts] = [await failed(), await executions.alerts(errorWorkflow.id)];
					return (
						fails.every((f, i) => f.length >= enough[i]) &&
						ids.every((id, i) => (alerts.get(id) ?? []).length === fails[i].length) && {
							fails,
							alerts,
						}
					);
				};
				let seen = { fails: [] as any[][], alerts: new Map() };
				if (durable) {
					log(await backedOffByCause({ n8n, sandbox, ids, watched, asked }, WITHIN_MS));
					seen = await until(
						'each failed poll alerted',
						() => alertedEach([1, 3, 1]),
						WITHIN_MS,
						EVERY,
					);
				} else {
					// Every tick polls and fails (the 429's after the node's own wait: measured below).
					seen = await until(
						'each failed poll alerted',
						() => alertedEach([3, 3, 1]),
						WITHIN_MS,
						EVERY,
					);
					log(`polls failed ${seen.fails.map((f) => f.length).join(', ')}`);
				}
				for (const [i, w] of watched.entries()) {
					const alerts = seen.alerts.get(ids[i])!;
					for (const run of [...alerts, ...seen.fails[i]]) {
						expect(run.text).not.toContain(OWNER);
						expect(run.message).toMatch(MESSAGE[w.cause]);
					}
					for (const run of alerts)
						expect(run.alert).toBe(
							`The trigger of "${w.workflow.name}" cannot poll: ${run.message}`,
						);
				}
				log(
					`alerts ${ids.map((id) => seen.alerts.get(id)!.length).join(', ')}; first: ${ids.map((id) => seen.alerts.get(id)![0].message).join(' | ')}`,
				);

				// Meanwhile: a job finishes, a version and an asset are created. Then the cause clears.
				await controlJob(sandbox, job, { status: 'success' });
				const version = await newVersion(sandbox, REVENUE, { comment: 'While it failed' });
				const asset = await newAsset(sandbox, {
					name: 'Made while it failed',
					folderId: MARKETING,
				});
				const before = watched.map(asked);
				await call(sandbox, '/__sandbox/faults', { method: 'DELETE' });
				if (durable) for (const i of [0, 2]) endBackoff(n8n, ids[i], watched[i].nodeId);
				log('the cause clears');
				const expected = [
					`${job} success`,
					`version created ${version.versionNumber}`,
					`asset created ${asset.name}`,
				];
				const messages = async () =>
					(await sandboxJobs(sandbox))
						.filter((j) => j.job.assetId === SEED_IDS.slackNotifier)
						.map((j) => String(j.parameters.MESSAGE));
				await until(
					'what changed meanwhile fired',
					async () => {
						const sent = await messages();
						return expected.every((m) => sent.includes(m));
					},
					WITHIN_MS,
				);
				// One more poll each after it fired, and nothing fires again.
				const fired = watched.map(asked);
				await until(
					'each trigger polled again',
					() => watched.every((w, i) => asked(w) > fired[i] && asked(w) > before[i]),
					WITHIN_MS,
				);
				expect((await messages()).sort()).toEqual([...expected].sort());
				if (!durable) {
					// After a 429 asking for 120 s the trigger asks nothing for the node's longest wait, 60 s.
					const limited = sandbox.requests.filter((r) => watched[2].asks(r as any));
					const last429 = limited.map((r) => Boolean(r.fault)).lastIndexOf(true);
					const gap = Date.parse(limited[last429 + 1].time) - Date.parse(limited[last429].time);
					log(`the 429 was asked again after ${gap} ms`);
					expect(gap).toBeGreaterThanOrEqual(59_000);
				}
				for (const id of ids)
					expect((await session.rest.call('GET', `/workflows/${id}`)).active).toBe(true);
				if (durable)
					for (const i of [0, 1, 2])
						expect(state(i)).toMatchObject({ consecutiveErrors: 0, backoffUntil: null });
				log('each change fired once');
			},
			30 * 60_000,
		);
	});
