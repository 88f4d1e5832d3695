/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The package in n8n queue mode (one main, two workers, Redis, PostgreSQL), as users scale out:
 * (a) webhook calls spread over both workers, each correct, one execute POST per call;
 * (b) the trigger polling on main fires exactly once per finished job, also while a worker is
 *     down and after main restarts;
 * (c) a worker killed (SIGKILL, then SIGTERM) during Execute and wait: n8n ends the execution
 *     as failed and does not run it again (one POST), and the job id is in that worker's log.
 * Runs on n8n 2.x (`npm run test:queue`, part of `npm test`). About 3 to 5 minutes beside the
 * other suites, most of it starting the cluster and n8n ending the killed workers' executions.
 *
 * @waits-for-ticks
 */
import { join } from 'node:path';

import { buildAndPack } from '../../e2e/pack';
import { QueueCluster } from '../../e2e/queue';
import { pollEvery, readWorkflow, setPollTimes } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { OWNER, allAssets, controlJob, sandboxJobs, sleep, startJob } from '../helpers/http';
import { until as waitUntil } from '../helpers/until';

const WORKFLOWS = join(__dirname, 'workflows');
const workflow = (name: string, fill: Record<string, string> = {}) =>
	readWorkflow(join(WORKFLOWS, name), fill) as any;
const log = (line: string) => process.stderr.write(`[queue] ${line}\n`);

let sandbox: Sandbox;
let cluster: QueueCluster;
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

const jobsFor = async (call: string) =>
	(await sandboxJobs(sandbox)).filter((j) => j.parameters.CALL === call);
/** The runs the trigger's workflow started for a watched job (its MESSAGE is "<jobId> <status>"). */
const notifications = async (jobId: string) =>
	(await sandboxJobs(sandbox)).filter((j) => String(j.parameters.MESSAGE ?? '').startsWith(jobId));
/** Waits as `until` does, its failure saying when and what main printed. */
const until = async <T>(what: string, check: () => Promise<T | undefined | false>, ms: number) =>
	await waitUntil(what, check, ms, {
		everyMs: 250,
		context: () => `at ${elapsed()}\nmain:\n${cluster.main.serverOutput.slice(-2000)}`,
	});
/** The worker whose log names the job: the node logs `job <id> queued` before it waits. */
const workerOf = (jobId: string) =>
	cluster.workers.findIndex((w) => w.serverOutput.includes(`job ${jobId} queued`));
const executionStatuses = (workflowId: string) =>
	cluster.services
		.sql(`SELECT status FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`)
		.split('\n')
		.filter(Boolean);

let heartbeat: string;
let watched: [string, string];
const polls = () => sandbox.requests.filter((r) => r.path.endsWith(`/jobs/${heartbeat}`)).length;

beforeAll(async () => {
	const tarball = buildAndPack(log);
	sandbox = await startSandbox({ jobStepMs: 1000 });
	cluster = new QueueCluster({ tarball, workers: 2, line: 'n8n-2', log });
	await cluster.prepare({ baseUrl: sandbox.url, apiKey: OWNER });
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
	const workflows = [
		workflow('queue-chain.workflow.json'),
		workflow('queue-long.workflow.json'),
		trigger,
	];
	await cluster.main.importWorkflows(workflows);
	for (const w of workflows) await cluster.main.publish(w.id);
	await cluster.start();
	log(
		`cluster up at ${elapsed()}: main on ${cluster.main.port}, workers' health on ${cluster.workers.map((w) => w.port).join(', ')}`,
	);
}, 25 * 60_000);

afterAll(async () => {
	await cluster?.close();
	await sandbox?.close();
}, 120_000);

const webhook = (path: string, callId: string) =>
	fetch(`http://127.0.0.1:${cluster.main.port}/webhook/${path}?call=${callId}`);

test(
	'(a) 20 webhook calls: spread over both workers, each correct, one execute POST per call',
	async () => {
		const calls = Array.from({ length: 20 }, (_, i) => `chain-${i}`);
		const answers: any[] = await Promise.all(
			calls.map(async (id) => (await webhook('aw-queue-chain', id)).json()),
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
		const perWorker = cluster.workers.map(
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
				60_000,
			);
			await controlJob(sandbox, run.job.jobId, { hold: true });
			const worker =
				(await until(
					`a worker logs the ${callId} job`,
					async () => workerOf(run.job.jobId) + 1,
					30_000,
				)) - 1;
			return { jobId: run.job.jobId as string, worker };
		};

		// SIGKILL, and while that worker is down the second watched job finishes: the other worker runs the trigger's workflow.
		const killed = await longRun('kill');
		const killedAt = Date.now();
		await cluster.workers[killed.worker].kill('SIGKILL');
		log(`(c) SIGKILL worker ${killed.worker} running job ${killed.jobId} at ${elapsed()}`);
		await controlJob(sandbox, second, { status: 'success', hold: false });
		await until(
			'the trigger fires for the second job while a worker is down',
			async () => (await notifications(second)).length > 0,
			150_000,
		);
		log(`(b) second job fired with one worker down at ${elapsed()}`);
		await cluster.workers[killed.worker].start(180_000, { concurrency: 5 });

		// SIGTERM: n8n's graceful shutdown waits for the running execution, then gives up and exits.
		const terminated = await longRun('term');
		const terminatedAt = Date.now();
		await cluster.workers[terminated.worker].kill('SIGTERM');
		log(
			`(c) SIGTERM worker ${terminated.worker} running job ${terminated.jobId}: exited after ${Math.round((Date.now() - terminatedAt) / 1000)} s`,
		);
		await cluster.workers[terminated.worker].start(180_000, { concurrency: 5 });

		// Main restarts; its next poll fires nothing again.
		await cluster.main.stop();
		await cluster.main.start(180_000);
		const seen = polls();
		await until('a poll after main restarted', async () => polls() > seen, 150_000);
		log(`(b) poll after main restart at ${elapsed()}`);

		// Both killed executions end as failed, and are not run again.
		const statuses = await until(
			'n8n ends both interrupted executions',
			async () => {
				const now = executionStatuses('awE2eQueueLong');
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
		expect(executionStatuses('awE2eQueueLong')).toHaveLength(2);
		expect(await notifications(first)).toHaveLength(1);
		expect(await notifications(second)).toHaveLength(1);
		expect(await notifications(heartbeat)).toHaveLength(0);
	},
	30 * 60_000,
);
