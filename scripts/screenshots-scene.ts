/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What the README's pictures show, set up in the sandbox and a running n8n: two runs for the
 * trigger to watch (one failed, one held running), the example workflows, a workflow comparing
 * two versions of a model.
 */
import { join } from 'node:path';

import { CREDENTIAL } from '../e2e/n8n';
import type { N8nSession } from '../e2e/n8n-session';
import { readWorkflow } from '../e2e/workflows';
import { SEED_IDS } from '../sandbox/seed';
import { api, controlJob, newVersion, startJob } from '../test/harness/http';

const ROOT = join(__dirname, '..');
const CHAIN = join(ROOT, 'examples', 'run-a-then-b-then-c.workflow.json');
const WATCH = join(ROOT, 'examples', 'watch-jobs-with-the-trigger.workflow.json');
export const COMPARE_NODE = 'Compare the published version with the newest';

/** A version 4 of Revenue Forecast (its filter changed), and a workflow comparing it with version 2. */
async function compareWorkflow(session: N8nSession) {
	const sandbox = session.sandbox!;
	const model = SEED_IDS.revenueForecast;
	const versions = (await api(sandbox, `/assets/${model}/model/versions`)).json.data.versions;
	const newest = versions.find((v: { versionNumber: number }) => v.versionNumber === 3);
	const v3 = (await api(sandbox, `/assets/${model}/model/versions/${newest.id}`)).json.data.version;
	const nodes = v3.nodes.map((node: { id: string; config: object }) =>
		node.id === 'n3' ? { ...node, config: { expression: "stage = 'Closed Won'" } } : node,
	);
	await newVersion(sandbox, model, { comment: 'Only won deals', nodes });
	const credentials = { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
	return {
		id: 'awShotCompare001',
		name: 'Compare two versions of a model',
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'compare',
				name: COMPARE_NODE,
				type: 'n8n-nodes-asset-workspace.assetWorkspace',
				typeVersion: 1,
				position: [260, 0],
				parameters: {
					resource: 'modelVersion',
					operation: 'compare',
					assetId: { __rl: true, mode: 'list', value: model, cachedResultName: 'Revenue Forecast' },
				},
				credentials,
			},
		],
		connections: { Start: { main: [[{ node: COMPARE_NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Sets the scene up in `session` and returns what the pictures show, and where. */
export async function setUpScene(session: N8nSession) {
	const sandbox = session.sandbox!;
	// Two runs for the trigger to watch: one that failed, one still running (held there).
	const failedJob: string = (await startJob(sandbox, SEED_IDS.postgresOrders)).jobId;
	const runningJob: string = (await startJob(sandbox, SEED_IDS.revenueForecast)).jobId;
	await controlJob(sandbox, failedJob, { status: 'failed' });
	await controlJob(sandbox, runningJob, { status: 'running', hold: true });

	const chain = readWorkflow(CHAIN);
	const watch = readWorkflow(WATCH);
	const nodes = watch.nodes as Array<{ type: string; parameters: Record<string, unknown> }>;
	nodes.find((node) => node.type.endsWith('.assetWorkspaceTrigger'))!.parameters.jobIds =
		`${failedJob}\n${runningJob}`;
	// A fourth version of Revenue Forecast in which one tool's configuration changed.
	const compare = await compareWorkflow(session);
	// Each as n8n saved it: with its id, and the session's credential.
	const [savedChain, savedWatch, savedCompare] = [
		await session.createWorkflow(chain as never),
		await session.createWorkflow(watch as never),
		await session.createWorkflow(compare as never),
	];
	return {
		base: session.n8n.url,
		chain: savedChain,
		watch: savedWatch,
		compare: savedCompare,
		failedJob,
		runningJob,
	};
}
