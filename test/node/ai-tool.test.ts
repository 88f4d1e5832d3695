/**
 * The node as an AI Agent's tool, in n8n's own code: the description a model is told for each
 * operation (n8n-workflow's getNodeParameters and getToolDescriptionForNode on the node's tool
 * variant, built as n8n's convertNodeToAiTool builds it), error messages that say how to go on,
 * and an empty value from a model meaning "not set".
 */
import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { AssetWorkspace } from '../../nodes/AssetWorkspace/AssetWorkspace.node.ts';
import { SEED_IDS } from '../../sandbox/seed';
import { resolveParameters } from '../harness/node-parameters';
import { runNode } from '../harness/engine';
import { UNKNOWN, json, requestsOf, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox({ jobStepMs: 50 });

/** The tool variant's description, as n8n's convertNodeToAiTool makes it (name + 'Tool', no own toolDescription added when the node has one). */
function toolVariant(): INodeTypeDescription {
	const description = structuredClone(new AssetWorkspace().description);
	description.name += 'Tool';
	const hasOwn = description.properties.some((p) => p.name === 'toolDescription');
	expect(hasOwn).toBe(true); // so n8n adds no "Set Automatically" switch of its own
	return description;
}

function toldToModel(parameters: Record<string, unknown>) {
	const description = toolVariant();
	const node = { name: 'Tool', parameters } as unknown as INode;
	const withDefaults = resolveParameters(description, node.parameters, node);
	return NodeHelpers.getToolDescriptionForNode({ ...node, parameters: withDefaults }, {
		description,
	} as never);
}

test.each([
	['asset', 'get', /^Reads one Asset Workspace asset by its id\. Needs assetId, a UUID/],
	['asset', 'getAll', /^Lists Asset Workspace assets sorted by name; use it to find an asset's id/],
	['asset', 'execute', /^Starts a real run .* Waits until the run ends \(up to its Timeout\)/],
	['modelVersion', 'getAll', /^Lists the saved versions of an Asset Workspace model/],
	['modelVersion', 'get', /^Reads one saved version of an Asset Workspace model/],
	[
		'modelVersion',
		'getPublished',
		/^Reads the version of an Asset Workspace model that is published now/,
	],
	['job', 'get', /^Reads a job \(a run of an asset\) by its jobId/],
	['job', 'wait', /^Waits until a job \(a run of an asset\) ends/],
])('%s > %s: the model is told what it does, needs and returns', (resource, operation, text) => {
	const told = toldToModel({ resource, operation });
	expect(told).toMatch(text);
	expect(told.length).toBeLessThan(1024); // OpenAI's limit for a function description
});

test('Execute without waiting says so; a description the user wrote wins; the plain node has none', () => {
	expect(
		toldToModel({ resource: 'asset', operation: 'execute', waitForCompletion: false }),
	).toMatch(/Returns at once the queued job: jobId and status pending/);
	expect(toldToModel({ resource: 'job', operation: 'get', toolDescription: 'Mine.' })).toBe(
		'Mine.',
	);
	const plain = new AssetWorkspace().description;
	const values = NodeHelpers.getNodeParameters(plain.properties, {}, true, false, null, plain);
	expect(values).not.toHaveProperty('toolDescription');
});

describe('errors say how to go on', () => {
	test('a name where an id belongs', async () => {
		const result = await runNode({
			credentials: env.credentials,
			parameters: { resource: 'asset', operation: 'get', assetId: rl('={{ "Revenue Forecast" }}') },
		});
		expect(result.error?.message).toBe(
			"Asset must be a UUID, got 'Revenue Forecast': find the id with Asset > Get Many, Name Contains",
		);
	});

	test('an unknown asset', async () => {
		const result = await runNode({
			credentials: env.credentials,
			parameters: { resource: 'asset', operation: 'get', assetId: rl(UNKNOWN) },
		});
		expect(result.error?.message).toBe(
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
		);
	});

	test('a Limit a person would state the bounds of', async () => {
		const result = await runNode({
			credentials: env.credentials,
			parameters: { resource: 'asset', operation: 'getAll', limit: 0 },
		});
		expect(result.error?.message).toBe("Limit must be a whole number of at least 1, got '0'");
	});
});

describe('an empty value (what a model sends for "not set") takes the default', () => {
	test('Get Many: Name Contains, Type, Folder and Limit empty', async () => {
		const result = await runNode({
			credentials: env.credentials,
			parameters: {
				resource: 'asset',
				operation: 'getAll',
				limit: '={{ "" }}',
				filters: { nameContains: '={{ "" }}', type: '={{ "" }}', folderId: rl('={{ "" }}') },
			},
		});
		expect(result.error).toBeUndefined();
		expect(json(result)).toHaveLength(21); // the whole seed, under the default Limit of 50
		expect(requestsOf(env.sandbox)).toEqual(['GET /assets?limit=50&offset=0']);
	});

	test('Get Many: a model may send Type as text', async () => {
		const result = await runNode({
			credentials: env.credentials,
			parameters: {
				resource: 'asset',
				operation: 'getAll',
				returnAll: true,
				filters: { type: '={{ "model, folder" }}' },
			},
		});
		expect(new Set(json(result).map((a) => a.type))).toEqual(new Set(['Model', 'Folder']));
	});

	test('Execute: empty parameters, timeout and Items at Once', async () => {
		const result = await runNode({
			credentials: env.credentials,
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.salesforceOpportunities),
				specifyParameters: 'json',
				parametersJson: '={{ "" }}',
				options: { timeout: '={{ "" }}', concurrency: '={{ "" }}' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ status: 'success' });
	});
});
