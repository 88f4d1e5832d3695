/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The package in n8n queue mode (one main, two workers, Redis, PostgreSQL: e2e/n8n-hosted.ts), as
 * users scale out:
 * (a) webhook calls spread over both workers, each correct, one execute POST per call;
 * (b) the trigger polling on main fires exactly once per finished job, also while a worker is
 *     down and after main restarts;
 * (c) a worker killed during Execute and wait, one with SIGKILL, then the other with SIGTERM
 *     (then started again): n8n ends each execution as failed and does not run it again (one
 *     POST), and the job id is in that worker's log;
 * (d) a package installed from the Community Nodes panel (its REST request) is installed by each
 *     running worker too, into its own user folder, from the npm registry, without a restart;
 *     uninstalled from the panel, it goes from each worker.
 * It kills and restarts n8n's processes, on an n8n of its own, set to notice a dead worker in
 * seconds (e2e/queue.ts). Runs on n8n 2.x (`npm run test:queue`, part of `npm test`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { QUEUE_WORKERS } from '../../e2e/n8n-hosted';
import { N8nSession } from '../../e2e/n8n-session';
import type { OwnN8n } from '../../e2e/shared-n8n';
import { pollEvery, readWorkflow, setPollTimes } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import type { Sandbox } from '../../sandbox/server';
import { freshRequest } from '../harness/fresh-http';
import { allAssets, controlJob, sandboxJobs, sleep, startJob } from '../harness/http';
import { until as waitUntil } from '../harness/until';

const WORKFLOWS = join(__dirname, 'workflows');
const workflow = (name: string, fill: Record<string, string> = {}) =>
	readWorkflow(join(WORKFLOWS, name), fill) as any;
const log = (line: string) => process.stderr.write(`[queue] ${line}\n`);

let session: N8nSession & { n8n: OwnN8n };
let sandbox: Sandbox;
const started = Date.now();
const WORKERS = QUEUE_WORKERS;
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

const jobsFor = async (call: string) =>
	(await sandboxJobs(sandbox)).filter((j) => j.parameters.CALL === call);
/** The runs the trigger's workflow started for a watched job (its MESSAGE is "<jobId> <status>"). */
const notifications = async (jobId: string) =>
	(await sandboxJobs(sandbox)).filter((j) => String(j.parameters.MESSAGE ?? '').startsWith(jobId));
/** Waits as `until` does, its failure saying when and what `process` (main unless told) printed. */
const until = async <T>(
	what: string,
	check: () => Promise<T | undefined | false>,
	ms: number,
	process = 'main',
) =>
	await waitUntil(what, check, ms, {
		everyMs: 250,
		context: () => `at ${elapsed()}\n${process}:\n${session.n8n.output(process).slice(-2000)}`,
	});
/** The worker whose log names the job: the node logs `job <id> queued` before it waits. */
const workerOf = (jobId: string) =>
	WORKERS.findIndex((worker) => session.n8n.output(worker).includes(`job ${jobId} queued`));
/** The statuses of a workflow's executions, oldest first. */
const executionStatuses = async (workflowId: string): Promise<string[]> =>
	(await session.executions(workflowId)).map((execution) => execution.status).reverse();

let heartbeat: string;
let watched: [string, string];
let longRunId: string;
/** The worker (c) killed and left down; (d) starts it again, as it needs every worker running. */
let workerLeftDown: string | undefined;
const polls = () => sandbox.requests.filter((r) => r.path.endsWith(`/jobs/${heartbeat}`)).length;

beforeAll(async () => {
	session = await N8nSession.own('queue', { sandbox: { jobStepMs: 1000 } });
	sandbox = session.sandbox!;
	// The trigger watches two jobs that finish later and a heartbeat that never does (it shows each poll).
	const hold = async () => {
		const { jobId } = await startJob(sandbox, SEED_IDS.postgresOrders);
		await controlJob(sandbox, jobId, { hold: true });
		return jobId as string;
	};
	watched = [await hold(), await hold()];
	heartbeat = await hold();
	// The trigger workflow's other trigger nodes (for the n8n e2e suite's restart cases) watch the heartbeat.
	const trigger = setPollTimes(
		workflow('trigger.workflow.json', {
			__BASIC__: [...watched, heartbeat].join(', '),
			__RESTART_ON__: heartbeat,
			__SLOW__: heartbeat,
		}),
		pollEvery(10), // a wait for the next poll is seconds, not up to a minute
	);
	const ids: string[] = [];
	for (const file of ['queue-chain.workflow.json', 'queue-long.workflow.json']) {
		const { id } = await session.createWorkflow(workflow(file));
		ids.push(id);
	}
	ids.push((await session.createWorkflow(trigger)).id);
	for (const id of ids) await session.activate(id);
	longRunId = ids[1];
	log(`cluster ready at ${elapsed()}: main at ${session.n8n.url}, ${WORKERS.join(' and ')}`);
}, 30 * 60_000);

afterAll(async () => session?.close(), 120_000);

const webhook = (path: string, callId: string) =>
	freshRequest(`${session.n8n.url}/webhook/${path}?call=${callId}`);

test(
	'(a) 20 webhook calls: spread over both workers, each correct, one execute POST per call',
	async () => {
		const calls = Array.from({ length: 20 }, (_, i) => `chain-${i}`);
		const answers: any[] = await Promise.all(
			calls.map(async (id) => JSON.parse((await webhook('aw-queue-chain', id)).text)),
		);
		const assetCount = (await allAssets(sandbox)).length;
		for (const [i, answer] of answers.entries()) {
			expect(answer).toMatchObject({
				status: 'success',
				assetId: SEED_IDS.salesforceOpportunities,
				jobSource: 'API',
				pollCount: expect.any(Number),
			});
			const [run, ...more] = await jobsFor(calls[i]);
			expect(more).toEqual([]);
			expect(run.job.jobId).toBe(answer.jobId);
			expect(run.parameters).toEqual({ CALL: calls[i], ASSETS: assetCount });
		}
		const executes = sandbox.requests.filter(
			(r) =>
				r.method === 'POST' &&
				r.path.endsWith(`/assets/${SEED_IDS.salesforceOpportunities}/execute`),
		);
		expect(executes).toHaveLength(20);
		const perWorker = WORKERS.map(
			(_w, index) => answers.filter((a) => workerOf(a.jobId) === index).length,
		);
		log(`(a) calls per worker: ${perWorker.join(' + ')}`);
		expect(perWorker.reduce((a, b) => a + b)).toBe(20);
		expect(perWorker.every((count) => count > 0)).toBe(true);
	},
	15 * 60_000,
);

test(
	'(b, c) workers killed during Execute and wait; the trigger on main fires exactly once per job throughout',
	async () => {
		const [first, second] = watched;
		await controlJob(sandbox, first, { status: 'failed', hold: false });
		await until(
			'the trigger fires for the first job',
			async () => (await notifications(first)).length > 0,
			150_000,
		);
		log(`(b) first job fired at ${elapsed()}`);

		/** Starts a long Execute and wait, holds its job on the service, and finds the worker running it. */
		const longRun = async (callId: string) => {
			expect((await webhook('aw-queue-long', callId)).status).toBe(200);
			const [run] = await until(
				`the ${callId} job is queued`,
				async () => {
					const found = await jobsFor(callId);
					return found.length > 0 && found;
				},
				120_000,
			);
			await controlJob(sandbox, run.job.jobId, { hold: true });
			const worker =
				(await until(
					`a worker logs the ${callId} job`,
					async () => workerOf(run.job.jobId) + 1,
					120_000,
				)) - 1;
			return { jobId: run.job.jobId as string, worker };
		};

		// SIGKILL, and while that worker is down the second watched job finishes: the other worker runs the trigger's workflow.
		const killed = await longRun('kill');
		const killedAt = Date.now();
		await session.n8n.stop(WORKERS[killed.worker], 'SIGKILL');
		workerLeftDown = WORKERS[killed.worker];
		log(`(c) SIGKILL worker ${killed.worker} running job ${killed.jobId} at ${elapsed()}`);
		await controlJob(sandbox, second, { status: 'success', hold: false });
		await until(
			'the trigger fires for the second job while a worker is down',
			async () => (await notifications(second)).length > 0,
			150_000,
		);
		log(`(b) second job fired with one worker down at ${elapsed()}`);

		// SIGTERM, to the other worker (the killed one stays down: one n8n start fewer): n8n's
		// graceful shutdown waits for the running execution, then gives up and exits.
		const terminated = await longRun('term');
		const terminatedAt = Date.now();
		await session.n8n.stop(WORKERS[terminated.worker], 'SIGTERM', null);
		log(
			`(c) SIGTERM worker ${terminated.worker} running job ${terminated.jobId}: exited after ${Math.round((Date.now() - terminatedAt) / 1000)} s`,
		);
		// A worker again: one that finds the interrupted jobs stalled and fails them (within seconds:
		// e2e/queue.ts). Main, once it restarts, marks the executions of jobs gone as crashed.
		await session.n8n.start(WORKERS[terminated.worker]);
		await until(
			'no worker holds an interrupted job',
			async () => (await session.n8n.activeJobs()) === 0,
			120_000,
		);

		// Main restarts; its next poll fires nothing again.
		await session.n8n.stop('main');
		await session.n8n.start('main');
		const seen = polls();
		await until('a poll after main restarted', async () => polls() > seen, 150_000);
		log(`(b) poll after main restart at ${elapsed()}`);

		// Both killed executions end as failed, and are not run again.
		const statuses = await until(
			'n8n ends both interrupted executions',
			async () => {
				const now = await executionStatuses(longRunId);
				return now.length === 2 && now.every((s) => s !== 'running' && s !== 'new') && now;
			},
			300_000,
		);
		log(
			`(c) interrupted executions ended as ${statuses.join(', ')}: ${Math.round((Date.now() - killedAt) / 1000)} s after SIGKILL, ${Math.round((Date.now() - terminatedAt) / 1000)} s after SIGTERM`,
		);
		expect(statuses.every((s) => s === 'error' || s === 'crashed')).toBe(true);
		await sleep(5_000);
		expect(await jobsFor('kill')).toHaveLength(1);
		expect(await jobsFor('term')).toHaveLength(1);
		expect(await executionStatuses(longRunId)).toHaveLength(2);
		expect(await notifications(first)).toHaveLength(1);
		expect(await notifications(second)).toHaveLength(1);
		expect(await notifications(heartbeat)).toHaveLength(0);
	},
	30 * 60_000,
);

test(
	"(d) a package installed from n8n's Community Nodes panel is installed by each running worker too, from the npm registry, with no restart",
	async () => {
		// The panel's own request, with a small public package: this one is on the registry once released.
		const pkg = { name: '@mendable/n8n-nodes-firecrawl', version: '2.1.2' };
		const installed = (process: string) =>
			join(session.n8n.nodesFolder(process), 'node_modules', pkg.name, 'package.json');
		if (workerLeftDown) await session.n8n.start(workerLeftDown);
		workerLeftDown = undefined;
		await session.rest.call('POST', '/community-packages', pkg);
		expect(existsSync(installed('main'))).toBe(true);
		for (const worker of WORKERS)
			await until(
				`${worker} installs ${pkg.name}`,
				async () => existsSync(installed(worker)),
				180_000,
				worker,
			);
		log(`(d) both workers installed ${pkg.name} at ${elapsed()}`);
		for (const process of ['main', ...WORKERS])
			expect(JSON.parse(readFileSync(installed(process), 'utf8')).version).toBe(pkg.version);
		await session.rest.call('DELETE', `/community-packages?name=${encodeURIComponent(pkg.name)}`);
		for (const worker of WORKERS)
			await until(
				`${worker} uninstalls ${pkg.name}`,
				async () => !existsSync(installed(worker)),
				180_000,
			);
	},
	10 * 60_000,
);
