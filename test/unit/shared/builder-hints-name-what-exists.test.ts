/**
 * The hints n8n's AI Workflow Builder reads (`builderHint`): both nodes have them, the ids pickers
 * say where ids come from, and everything they name exists: each "Resource > Operation" is one of
 * the node's operations, each related node type is this package's other node (by its published
 * type name) or one of n8n's own. That a real n8n serves them in its node types is an end-to-end
 * check. Pure: well under a second.
 */
import type { INodeProperties, INodePropertyCollection, INodeTypeDescription } from 'n8n-workflow';

import { AssetWorkspace } from '../../../nodes/AssetWorkspace/AssetWorkspace.node';
import { AssetWorkspaceTrigger } from '../../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node';
import { NODE_TYPE, TRIGGER_TYPE } from '../../../nodes/shared/builderHints';
import pkg from '../../../package.json';

const node = new AssetWorkspace().description;
const trigger = new AssetWorkspaceTrigger().description;

/** Every parameter of a description, those inside collections included. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...allProperties(
			(property.options ?? []).flatMap((option) =>
				'values' in option
					? (option as INodePropertyCollection).values
					: 'type' in option
						? [option as INodeProperties]
						: [],
			),
		),
	]);
}

/** Every text a description's hints hold. */
const hintTexts = (description: INodeTypeDescription) => [
	description.builderHint?.searchHint ?? '',
	...(description.builderHint?.relatedNodes ?? []).map((related) => related.relationHint),
	...allProperties(description.properties).map((p) => p.builderHint?.propertyHint ?? ''),
];

/** The node's "Resource > Operation" pairs, as the editor names them. */
const operationNames = new Set(
	allProperties(node.properties)
		.filter((p) => p.name === 'operation')
		.flatMap((p) => {
			const resource = node.properties
				.find((r) => r.name === 'resource')!
				.options!.find(
					(o) => 'value' in o && o.value === p.displayOptions?.show?.resource?.[0],
				)!.name;
			return (p.options ?? []).map((o) => `${resource} > ${o.name}`);
		}),
);

test('both nodes carry a search hint and related nodes', () => {
	for (const description of [node, trigger]) {
		expect(description.builderHint?.searchHint?.length).toBeGreaterThan(100);
		expect(description.builderHint?.relatedNodes?.length).toBeGreaterThan(0);
	}
});

test('the related nodes are the other node of this package, by its published type, or n8n’s own', () => {
	expect(NODE_TYPE).toBe(`${pkg.name}.${node.name}`);
	expect(TRIGGER_TYPE).toBe(`${pkg.name}.${trigger.name}`);
	expect(node.builderHint?.relatedNodes?.map((r) => r.nodeType)).toContain(TRIGGER_TYPE);
	expect(trigger.builderHint?.relatedNodes?.map((r) => r.nodeType)).toContain(NODE_TYPE);
	const types = [node, trigger].flatMap((d) => d.builderHint!.relatedNodes!.map((r) => r.nodeType));
	for (const type of types)
		expect(type).toMatch(
			new RegExp(`^(${pkg.name}\\.assetWorkspace(Trigger)?|n8n-nodes-base\\.\\w+)$`),
		);
});

test('every "Resource > Operation" a hint names is one of the node’s operations', () => {
	const named = [node, trigger]
		.flatMap(hintTexts)
		.flatMap((text) => [
			...text.matchAll(/\b(Asset|Model Version|Job) > ([A-Z][a-z]+(?: (?:for )?[A-Z][a-z]+)*)/g),
		])
		.map((match) => `${match[1]} > ${match[2]}`);
	expect(named.length).toBeGreaterThan(5);
	for (const name of named) expect(operationNames).toContain(name);
	// The long-run recipe the hints give: Execute without waiting, then Job > Wait for Completion.
	expect(node.builderHint?.searchHint).toMatch(/Execute.*Wait node.*Job > Wait for Completion/);
});

test('each id parameter says where its id comes from', () => {
	const hintOf = (description: INodeTypeDescription, name: string) =>
		allProperties(description.properties).find((p) => p.name === name && p.builderHint)?.builderHint
			?.propertyHint;
	expect(hintOf(node, 'assetId')).toMatch(/UUID, never its name.*Asset > Get Many/);
	expect(hintOf(node, 'versionId')).toContain('Model Version > Get Many');
	expect(hintOf(node, 'folderId')).toContain('Asset > Get Many');
	expect(hintOf(node, 'jobId')).toContain('Asset > Execute');
	expect(hintOf(node, 'waitForCompletion')).toContain('Job > Wait for Completion');
	expect(hintOf(trigger, 'jobIds')).toContain('jobId that Asset > Execute outputs');
	expect(hintOf(trigger, 'assetId')).toMatch(/model's UUID/);
});
