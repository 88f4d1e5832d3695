/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * examples/ai-agent.workflow.json in a real n8n (the line AW_N8N_LINE picks): n8n's AI Agent and
 * OpenAI Chat Model, pointed at a scripted OpenAI-compatible model on loopback, with the node as
 * four tools. The script makes the mistakes and the moves a model makes: an asset's name where
 * its id belongs, then a lookup by name (with "" for the filters it does not want), a read, one
 * run. The test reads what the model was offered and told, and what reached it. About 30 s once
 * its n8n (the line's shared one) runs.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { join } from 'node:path';

import { toolDescriptions } from '../../nodes/AssetWorkspace/actions/toolDescriptions';
import { N8nSession } from '../../e2e/n8n-session';
import type { WorkflowRun } from '../../e2e/n8n-output';
import { readWorkflow } from '../../e2e/workflows';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, sandboxJobs } from '../harness/http';
import { scriptedModel, toolResults, type ScriptedModel } from '../harness/scripted-model';

/** The description n8n sends for an operation by default: the node's own, per operation. */
const told = (resource: string, operation: string, wait?: boolean) =>
	toolDescriptions.find((p) => {
		const show = p.displayOptions!.show!;
		return (
			show.resource![0] === resource &&
			show.operation![0] === operation &&
			(wait === undefined || show.waitForCompletion?.[0] === wait)
		);
	})!.default;

let session: N8nSession;
let model: ScriptedModel;
let run: WorkflowRun;

beforeAll(async () => {
	model = await scriptedModel((messages) => {
		const results = toolResults(messages);
		const last = results.at(-1);
		const [item] = Array.isArray(last?.result) ? last!.result : [];
		if (!last) return { call: 'Get_an_asset', args: { assetId: 'Revenue Forecast' } };
		if (last.name === 'Get_an_asset' && item?.error) {
			return {
				call: 'Find_assets',
				args: { nameContains: 'Revenue Forecast', type: '', limit: '' },
			};
		}
		if (last.name === 'Find_assets') return { call: 'Get_an_asset', args: { assetId: item.id } };
		if (last.name === 'Get_an_asset') return { call: 'Run_an_asset', args: { assetId: item.id } };
		return { say: `The run ${item.jobId} of ${item.assetId} ended ${item.status}.` };
	});
	session = await N8nSession.shared({ sandbox: { jobStepMs: 300 } });
	await session.addCredential('openAiApi', 'OpenAI', {
		apiKey: 'sk-scripted-test-key',
		url: model.url,
	});
	const workflow = readWorkflow(join(__dirname, '..', '..', 'examples', 'ai-agent.workflow.json'));
	run = await session.run((await session.createWorkflow(workflow as any)).id);
}, 30 * 60_000);
afterAll(async () => {
	await session?.close();
	await model?.close();
}, 60_000);

test('the model is offered the four tools, each with its operation’s own description', () => {
	const tools = model.requests[0].tools.map((t: any) => t.function);
	process.stderr.write(
		`[ai-agent] tools as the model received them:\n${JSON.stringify(tools, null, 2)}\n`,
	);
	const byName = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
	expect(tools.map((t: any) => [t.name, t.description]).sort(byName)).toEqual([
		['Find_assets', told('asset', 'getAll')],
		['Get_a_job', told('job', 'get')],
		['Get_an_asset', told('asset', 'get')],
		['Run_an_asset', told('asset', 'execute', true)],
	]);
	const find = tools.find((t: any) => t.name === 'Find_assets');
	expect(Object.keys(find.parameters.properties).sort()).toEqual(['limit', 'nameContains', 'type']);
	expect(find.parameters.properties.limit.type).toBe('number');
	expect(tools.find((t: any) => t.name === 'Get_an_asset').parameters.properties.assetId).toEqual({
		type: 'string',
		description: 'The asset id, a UUID',
	});
});

test('a name where an id belongs reaches the model as a message that says how to go on; the run goes on', () => {
	const results = toolResults(model.requests.at(-1).messages);
	expect(results.map((r) => r.name)).toEqual([
		'Get_an_asset',
		'Find_assets',
		'Get_an_asset',
		'Run_an_asset',
	]);
	expect(results[0].result[0].error).toBe(
		"Asset must be a UUID, got 'Revenue Forecast': find the id with Asset > Get Many, Name Contains",
	);
	// "" for Type and Limit meant "not set": the lookup found the asset.
	expect(results[1].result.map((a: any) => a.name)).toEqual(['Revenue Forecast']);
	expect(results[2].result[0]).toMatchObject({ id: SEED_IDS.revenueForecast, type: 'Model' });
	expect(run.status).toBe('success');
});

test('one Execute call makes exactly one execute request, and its job reaches the model', async () => {
	const executes = session.sandbox!.requests.filter(
		(r) => r.method === 'POST' && r.path.endsWith('/execute'),
	);
	expect(executes).toHaveLength(1);
	const [job] = (await sandboxJobs(session.sandbox!)).map((j) => j.job);
	const results = toolResults(model.requests.at(-1).messages);
	expect(results[3].result[0]).toMatchObject({ jobId: job.jobId, status: 'success' });
	expect(JSON.stringify(run.nodes['AI Agent'])).toContain(
		`The run ${job.jobId} of ${SEED_IDS.revenueForecast} ended success.`,
	);
});

test('the API key never reaches the model server', () => {
	expect(model.raw.length).toBeGreaterThanOrEqual(5);
	for (const request of model.raw) expect(request).not.toContain(OWNER);
});
