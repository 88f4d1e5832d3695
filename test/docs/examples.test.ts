/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The example workflows as a user imports them: no node of this package opens with a parameter
 * issue in n8n's editor (n8n-workflow's getNodeParametersIssues, on the parameters with their
 * defaults, as the editor computes them), and the watch-jobs example's placeholder job id is
 * one the trigger accepts, named by its sticky note, that fires once as `notFound` if left in.
 * About 1 s (1.3 s measured on the shared 2-core machine under load).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { AssetWorkspace } from '../../nodes/AssetWorkspace/AssetWorkspace.node.ts';
import { AssetWorkspaceTrigger } from '../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts';
import { resolveParameters } from '../harness/node-parameters';
import { TriggerHarness } from '../harness/trigger';
import { useSandbox } from '../harness/fixtures';
import { ROOT } from './markdown';

const EXAMPLES = join(ROOT, 'examples');
const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';
const descriptions: Record<string, INodeTypeDescription> = {
	'n8n-nodes-asset-workspace.assetWorkspace': new AssetWorkspace().description,
	'n8n-nodes-asset-workspace.assetWorkspaceTrigger': new AssetWorkspaceTrigger().description,
};
const example = (file: string) =>
	JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { nodes: INode[] };

/** The issues n8n's editor shows on a node of ours, or null. */
function issuesOf(node: INode) {
	const description = descriptions[node.type];
	const parameters = resolveParameters(description, node.parameters, node);
	return NodeHelpers.getNodeParametersIssues(
		description.properties,
		{ ...node, parameters },
		description,
	);
}

const env = useSandbox();

test.each(readdirSync(EXAMPLES).filter((file) => file.endsWith('.json')))(
	'%s opens with no parameter issue on our nodes',
	(file) => {
		const ours = example(file).nodes.filter((node) => descriptions[node.type]);
		expect(ours.map((node) => [node.name, issuesOf(node)])).toEqual(
			ours.map((node) => [node.name, null]),
		);
	},
);

describe('the watch-jobs example', () => {
	const { nodes } = example('watch-jobs-with-the-trigger.workflow.json');
	const trigger = nodes.find((node) => node.type.endsWith('.assetWorkspaceTrigger'))!;
	const note = nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote')!;

	test('holds a placeholder job id, and its sticky note says what to paste where', () => {
		expect(trigger.parameters.jobIds).toBe(PLACEHOLDER);
		const content = String(note.parameters.content);
		expect(content).toContain(`\`${PLACEHOLDER}\``);
		expect(content).toContain(`**${trigger.name}**`);
		expect(content).toContain('**Job IDs**');
	});

	test('left in, the placeholder fires once, as notFound', async () => {
		const harness = new TriggerHarness(env.credentials, trigger.parameters);
		const fired = [await harness.activate(), await harness.poll(), await harness.poll()].flatMap(
			(poll) => poll.items ?? [],
		);
		expect(fired).toEqual([
			expect.objectContaining({ jobId: PLACEHOLDER, status: 'not_found', notFound: true }),
		]);
	});
});
