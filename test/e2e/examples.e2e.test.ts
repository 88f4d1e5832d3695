/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The example workflows of examples/ that a person runs by hand (the editor's Execute Workflow
 * button, here through n8n's REST API), in the shared n8n of the line AW_N8N_LINE picks, against
 * a sandbox of the suite's own. Each example runs as shipped, except for what only a test
 * changes: which asset fails, a shorter wait. About 30 s once its n8n runs. And the node types
 * n8n serves its editor and its AI Workflow Builder carry both nodes' builderHint (one request).
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { N8nSession } from '../../e2e/n8n-session';
import { SEED_IDS } from '../../sandbox/seed';
import { nodeHint, NODE_TYPE, TRIGGER_TYPE, triggerHint } from '../../nodes/shared/builderHints';
import { sandboxJobs } from '../harness/http';
import { example, named } from './shared/examples';

describe('examples run by hand', () => {
	let session: N8nSession;
	beforeAll(async () => {
		// A job ends only after Job > Get has read it once: the loop is shown however slow n8n is.
		session = await N8nSession.shared({
			sandbox: { jobStepMs: 1500, jobReadsBeforeFinal: 1 },
		});
	}, 30 * 60_000);
	afterAll(async () => session?.close(), 60_000);

	const execute = async (workflow: any) =>
		await session.run((await session.createWorkflow(workflow)).id);

	test(
		'alert when a run that n8n started fails: a run that succeeds ends quietly, one that fails raises the alert',
		async () => {
			const passing = await execute(example('alert-when-a-run-fails'));
			expect(passing.nodes['Run finished'][0]).toEqual([
				expect.objectContaining({ assetId: SEED_IDS.revenueForecast, status: 'success' }),
			]);
			expect(passing.nodes['Send the alert (your Slack, e-mail or ticket node)']).toBeUndefined();

			const failing = example('alert-when-a-run-fails');
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
		15 * 60_000,
	);

	test(
		'long runs without holding a worker: Wait, Job > Get and IF loop until the job is final',
		async () => {
			const workflow = example('long-run-without-holding-a-worker');
			// A 5-minute wait is kept in n8n's database; the test waits 1 s, which n8n waits in memory.
			Object.assign(named(workflow, 'Wait 5 minutes').parameters, { amount: 1, unit: 'seconds' });
			const run = await execute(workflow);
			expect(run.status).toBe('success');
			const [done] = run.nodes['Run finished (your next step)'][0];
			expect(done).toMatchObject({ assetId: SEED_IDS.revenueForecast, status: 'success' });
			const loops = run.raw.data.resultData.runData['How is the run?'].length;
			expect(loops).toBeGreaterThan(1); // it asked again after a job that was not final yet
		},
		15 * 60_000,
	);

	test("n8n serves both nodes' builderHint in its node types", async () => {
		// What the editor and the AI Workflow Builder ask for (this n8n serves no editor: no /types),
		// answered in the order asked.
		const [node, trigger]: any[] = await session.rest.call('POST', '/node-types', {
			nodeInfos: [NODE_TYPE, TRIGGER_TYPE].map((name) => ({ name, version: 1 })),
		});
		expect([node.name, trigger.name]).toEqual(['assetWorkspace', 'assetWorkspaceTrigger']);
		expect(node.builderHint).toEqual(nodeHint);
		expect(trigger.builderHint).toEqual(triggerHint);
		// A parameter's hint too: where the trigger's Job IDs come from.
		const jobIds = trigger.properties.find((p: any) => p.name === 'jobIds');
		expect(jobIds.builderHint.propertyHint).toMatch(/jobId that Asset > Execute outputs/);
	});
});
