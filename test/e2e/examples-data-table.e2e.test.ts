/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The examples that follow jobs across workflows with an n8n Data Table, and the trigger for
 * pasted job ids, in a running n8n (`n8n start`, the line's shared one; Data Tables exist only
 * there), as shipped except for faster schedules and polls, the data table's id and the pasted
 * job ids. About 1 to 2 minutes beside the other suites, most of it waiting for schedules and polls.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { N8nSession } from '../../e2e/n8n-session';
import { pollEvery, setPollTimes } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import { controlJob, sandboxJobs, sleep, startJob } from '../harness/http';
import { example, final, named, until } from './shared/examples';

describe('examples that need a running n8n (n8n start)', () => {
	let session: N8nSession;
	afterAll(async () => session?.close(), 60_000);

	test(
		'follow jobs across workflows with a Data Table, and the trigger for pasted job ids',
		async () => {
			session = await N8nSession.shared({ sandbox: { jobStepMs: 1000 } });
			const sandbox = session.sandbox!;
			const rest = session.rest;
			// The Data Table, created the way a person does in the editor (n8n's REST API).
			const table = await rest.createDataTable('asset_workspace_jobs', [
				{ name: 'jobId', type: 'string' },
				{ name: 'assetId', type: 'string' },
				{ name: 'status', type: 'string' },
				{ name: 'done', type: 'boolean' },
			]);

			const record = example('follow-jobs-1-start-and-record');
			const check = example('follow-jobs-2-check-unfinished');
			for (const workflow of [record, check]) {
				for (const node of workflow.nodes.filter(
					(n: any) => n.type === 'n8n-nodes-base.dataTable',
				)) {
					node.parameters.dataTableId = { __rl: true, mode: 'id', value: table.id };
				}
			}
			named(record, 'Every hour').parameters.rule.interval = [
				{ field: 'seconds', secondsInterval: 20 },
			];
			named(check, 'Every 5 minutes').parameters.rule.interval = [
				{ field: 'seconds', secondsInterval: 10 },
			];
			const failed = (await startJob(sandbox, SEED_IDS.postgresOrders)).jobId;
			const running = (await startJob(sandbox, SEED_IDS.stripePayments)).jobId;
			await controlJob(sandbox, running, { status: 'running', hold: true });
			await until(
				'the watched job fails',
				async () =>
					(await sandboxJobs(sandbox)).find((j) => j.job.jobId === failed)?.job.status === 'failed',
				120_000,
			);
			const watch = example('watch-jobs-with-the-trigger');
			watch.nodes.find((n: any) => n.type.endsWith('.assetWorkspaceTrigger')).parameters.jobIds =
				`${failed}\n${running}`;
			setPollTimes(watch, pollEvery(10)); // every 10 s instead of every minute
			const [, , watchId] = await Promise.all(
				[record, check, watch].map(async (workflow) => {
					const { id } = await session.createWorkflow(workflow);
					await session.activate(id);
					return id;
				}),
			);

			// Workflow 1 records runs; workflow 2 marks each one done once it is final.
			const rows = await until(
				'two recorded runs are marked done',
				async () => {
					const all = await rest.dataTableRows(table.project, table.id);
					return all.filter((row) => row.done === true || row.done === 1).length >= 2 && all;
				},
				180_000,
			);
			const jobs = new Map((await sandboxJobs(sandbox)).map((j) => [j.job.jobId, j.job]));
			for (const row of rows) {
				const job = jobs.get(row.jobId);
				expect(job).toMatchObject({ assetId: SEED_IDS.revenueForecast, jobSource: 'API' });
				if (row.done === true || row.done === 1) {
					expect(final).toContain(row.status);
					expect(row.status).toBe(job.status);
				}
			}
			expect(new Set(rows.map((row) => row.jobId)).size).toBe(rows.length);

			// The trigger fires once for the failed job, and not for the one still running.
			const fired = await until(
				'the trigger fires',
				async () => {
					const executions = await rest.executions(watchId);
					return executions.length > 0 && executions;
				},
				180_000,
			);
			const polls = () =>
				sandbox.requests.filter((r) => r.path.endsWith(`/jobs/${running}`)).length;
			const seen = polls();
			await until('the trigger polls again', async () => polls() > seen, 150_000);
			await sleep(3000);
			expect(await rest.executions(watchId)).toHaveLength(fired.length);
			expect(fired).toHaveLength(1);
			expect(fired[0].status).toBe('success');
		},
		30 * 60_000,
	);
});
