/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The example workflows of examples/ in a real n8n (the line AW_N8N_LINE picks), against the
 * sandbox: the ones a person runs by hand with `n8n execute`, and the ones that need a running
 * n8n (Data Tables, schedules, the trigger) with `n8n start`. Each example runs as shipped, except
 * for what only a test changes: which asset fails, a shorter wait, faster schedules, the data
 * table's id and the pasted job ids. The trigger's model-version and asset events fire once each
 * in an active workflow here too (test/e2e/workflows/events.workflow.json).
 */
import { join } from 'node:path';

import { N8nRest } from '../../e2e/rest';
import { openSession, readWorkflow, type Session } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import {
	changeAsset,
	controlJob,
	newAsset,
	newVersion,
	publishVersion,
	removeAsset,
	sandboxJobs,
	sleep,
	startJob,
} from '../helpers/http';

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const example = (name: string) => readWorkflow(join(EXAMPLES, `${name}.workflow.json`)) as any;
const named = (workflow: any, name: string) => workflow.nodes.find((n: any) => n.name === name);
const final = ['success', 'warning', 'failed'];

async function until<T>(what: string, check: () => Promise<T | false>, timeoutMs: number) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
		await sleep(1000);
	}
}

describe('examples run by hand (n8n execute)', () => {
	let session: Session;
	beforeAll(async () => {
		session = await openSession({ sandbox: { jobStepMs: 1500 } });
	}, 10 * 60_000);
	afterAll(async () => session?.close(), 60_000);

	const execute = async (workflow: any) => {
		await session.n8n.importWorkflow(workflow);
		return await session.n8n.execute(workflow.id);
	};

	test(
		'alert when a run that n8n started fails: a run that succeeds ends quietly, one that fails raises the alert',
		async () => {
			const passing = await execute(example('alert-when-a-run-fails'));
			expect(passing.nodes['Run finished'][0]).toEqual([
				expect.objectContaining({ assetId: SEED_IDS.revenueForecast, status: 'success' }),
			]);
			expect(passing.nodes['Send the alert (your Slack, e-mail or ticket node)']).toBeUndefined();

			const failing = example('alert-when-a-run-fails');
			failing.id = 'awExampleAlert02';
			named(failing, 'Run the forecast and wait').parameters.assetId.value =
				SEED_IDS.postgresOrders;
			const run = await execute(failing);
			const [alert] = run.nodes['Send the alert (your Slack, e-mail or ticket node)'][0];
			const jobId = /^Asset Workspace: Job ([0-9a-f-]{36}) ended with status "failed"$/.exec(
				String(alert.alert),
			)?.[1];
			const jobs = await sandboxJobs(session.sandbox!);
			expect(jobs.find((j) => j.job.jobId === jobId)?.job).toMatchObject({
				assetId: SEED_IDS.postgresOrders,
				status: 'failed',
			});
			expect(run.nodes['Run finished']).toBeUndefined();
		},
		5 * 60_000,
	);

	test(
		'long runs without holding a worker: Wait, Job > Get and IF loop until the job is final',
		async () => {
			const workflow = example('long-run-without-holding-a-worker');
			// A 5-minute wait is kept in n8n's database; the test waits 1 s so that n8n execute runs it.
			Object.assign(named(workflow, 'Wait 5 minutes').parameters, { amount: 1, unit: 'seconds' });
			const run = await execute(workflow);
			expect(run.status).toBe('success');
			const [done] = run.nodes['Run finished (your next step)'][0];
			expect(done).toMatchObject({ assetId: SEED_IDS.revenueForecast, status: 'success' });
			const loops = run.raw.data.resultData.runData['How is the run?'].length;
			expect(loops).toBeGreaterThan(1); // it asked again after a job that was not final yet
		},
		5 * 60_000,
	);
});

describe('examples that need a running n8n (n8n start)', () => {
	let session: Session;
	afterAll(async () => session?.close(), 60_000);

	test(
		'follow jobs across workflows with a Data Table, and the trigger for pasted job ids',
		async () => {
			session = await openSession({ sandbox: { jobStepMs: 1000 } });
			const sandbox = session.sandbox!;
			// The Data Table, created the way a person does in the editor (n8n's REST API).
			await session.n8n.start();
			const rest = new N8nRest(`http://127.0.0.1:${session.n8n.port}`);
			await rest.signIn();
			const table = await rest.createDataTable('asset_workspace_jobs', [
				{ name: 'jobId', type: 'string' },
				{ name: 'assetId', type: 'string' },
				{ name: 'status', type: 'string' },
				{ name: 'done', type: 'boolean' },
			]);
			await session.n8n.stop();

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
				30_000,
			);
			const watch = example('watch-jobs-with-the-trigger');
			watch.nodes.find((n: any) => n.type.endsWith('.assetWorkspaceTrigger')).parameters.jobIds =
				`${failed}\n${running}`;
			for (const workflow of [record, check, watch]) {
				await session.n8n.importWorkflow(workflow);
				await session.n8n.publish(workflow.id);
			}
			await session.n8n.start();
			await rest.signIn();

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
					const executions = await rest.executions(watch.id);
					return executions.length > 0 && executions;
				},
				180_000,
			);
			const polls = () =>
				sandbox.requests.filter((r) => r.path.endsWith(`/jobs/${running}`)).length;
			const seen = polls();
			await until('the trigger polls again', async () => polls() > seen, 150_000);
			await sleep(3000);
			expect(await rest.executions(watch.id)).toHaveLength(fired.length);
			expect(fired).toHaveLength(1);
			expect(fired[0].status).toBe('success');
		},
		15 * 60_000,
	);
});

describe("trigger events and the example that posts a model's changes (n8n start)", () => {
	let session: Session;
	afterAll(async () => session?.close(), 60_000);
	const REVENUE = SEED_IDS.revenueForecast;
	const MARKETING = SEED_IDS.folders.marketing;

	test(
		'each model-version and asset event fires once; the example posts what changed since the version published before',
		async () => {
			session = await openSession({ sandbox: { jobStepMs: 1000 } });
			const sandbox = session.sandbox!;
			const events = readWorkflow(join(__dirname, 'workflows', 'events.workflow.json')) as any;
			const post = example('post-model-changes-when-published');
			// The message goes to the sandbox's Slack Notifier instead of a placeholder, to be read back.
			const placeholder = named(post, 'Post the message (your Slack, Teams or e-mail node)');
			Object.assign(placeholder, {
				...named(events, 'Notify'),
				id: placeholder.id,
				name: placeholder.name,
				position: placeholder.position,
			});
			placeholder.parameters = structuredClone(placeholder.parameters);
			placeholder.parameters.parameters.parameter[0].value = '={{ $json.message }}';
			for (const workflow of [events, post]) {
				await session.n8n.importWorkflow(workflow);
				await session.n8n.publish(workflow.id);
			}
			const messages = async () =>
				(await sandboxJobs(sandbox))
					.filter((j) => j.job.assetId === SEED_IDS.slackNotifier)
					.map((j) => String(j.parameters.MESSAGE));
			const asked = () => ({
				versions: sandbox.requests.filter((r) => r.path.endsWith(`/${REVENUE}/model/versions`))
					.length,
				assets: sandbox.requests.filter((r) => r.query.folderId === MARKETING).length,
			});
			/** Until each trigger has polled `more` more times (both Revenue Forecast triggers count). */
			const polls = async (more: number) => {
				const seen = asked();
				await until(
					'the triggers poll',
					async () =>
						asked().versions >= seen.versions + 2 * more && asked().assets >= seen.assets + more,
					150_000 * more,
				);
			};

			await session.n8n.start();
			await polls(1); // the first polls learn what exists
			expect(await messages()).toEqual([]);

			const v4 = await newVersion(sandbox, REVENUE, { comment: 'Add a filter' });
			const created = await newAsset(sandbox, { name: 'Aardvark feed', folderId: MARKETING });
			await changeAsset(sandbox, SEED_IDS.campaignAttribution);
			await removeAsset(sandbox, SEED_IDS.webAnalytics);
			const changes = [
				'version created 4',
				`asset created ${created.name}`,
				'asset updated Campaign Attribution',
				`asset removed ${SEED_IDS.webAnalytics}`,
			];
			await until(
				'the changes fire',
				async () => {
					const sent = await messages();
					return changes.every((c) => sent.includes(c));
				},
				180_000,
			);
			await publishVersion(sandbox, REVENUE, v4.id);
			const posted =
				`Model ${REVENUE}: version 4 is published (Add a filter). Since version 2: ` +
				'0 tools changed, 2 added, 0 removed; 1 connection added, 0 removed; metadata: 1 field changed.';
			await until(
				'the publish fires',
				async () => (await messages()).includes(posted) && (await messages()).length >= 6,
				180_000,
			);
			await polls(1);
			await sleep(5000);
			expect((await messages()).sort()).toEqual([...changes, 'version published 4', posted].sort());
		},
		15 * 60_000,
	);
});
