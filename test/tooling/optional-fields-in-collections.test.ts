/**
 * n8n's guideline for forms, as its lint rule `non-required-fields-in-collection` defines it (in
 * n8n's repository, packages/@n8n/eslint-plugin-community-nodes, not yet in the published 0.32.0):
 * every top-level parameter that is not required goes in an "Options" (or "Additional Fields")
 * collection, except the resource and operation selectors, collections themselves and what is no
 * input (notices). Checked on both nodes' resolved descriptions (the rule itself reads only literal
 * arrays in a .node.ts file, and ours are built in other files). Kept at top level, each as n8n's
 * own nodes keep it: the fields below, no others.
 */
import type { INodeProperties } from 'n8n-workflow';

import { AssetWorkspace } from '../../nodes/AssetWorkspace/AssetWorkspace.node';
import { AssetWorkspaceTrigger } from '../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node';

// The rule's own sets (non-required-fields-in-collection.ts).
const CONTAINER_TYPES = new Set(['collection', 'fixedCollection']);
const NON_INPUT_TYPES = new Set(['notice', 'callout', 'hidden', 'curlImport']);
const SELECTOR_FIELD_NAMES = new Set(['resource', 'operation', 'authentication']);

/** What the rule reports: a top-level field that is not `required: true`. */
const reported = (property: INodeProperties) =>
	!SELECTOR_FIELD_NAMES.has(property.name) &&
	!CONTAINER_TYPES.has(property.type) &&
	!NON_INPUT_TYPES.has(property.type) &&
	property.required !== true;

/** Kept at top level, with the n8n node that keeps the same field there. */
const KEPT: Record<string, string> = {
	returnAll:
		"Return All: n8n's Airtable (v2) and Notion nodes keep Return All at top level, Limit beside it",
	limit:
		"Limit: n8n's Airtable (v2) and Notion nodes keep it at top level, shown when Return All is off",
	simplify:
		"Simplify: n8n's Notion node keeps its Simplify (simple) at top level, beside the fields it shapes",
	specifyParameters:
		"Specify Parameters: n8n's HTTP Request node keeps Specify Body and Specify Query Parameters at top level",
	waitForCompletion:
		"Wait for Completion: n8n's Databricks node (actions/job/run.operation.ts) keeps its own at top level",
};

test("every optional field is in an Options collection, but those n8n's own nodes keep at top level", () => {
	const found = [new AssetWorkspace(), new AssetWorkspaceTrigger()].flatMap(({ description }) =>
		description.properties.filter(reported).map((property) => property.name),
	);
	expect([...new Set(found)].sort()).toEqual(Object.keys(KEPT).sort());
	// Each kept field once per operation that shows it: Return All, Limit and Simplify on two.
	expect(found.sort()).toEqual(
		[
			'limit',
			'limit',
			'returnAll',
			'returnAll',
			'simplify',
			'simplify',
			'specifyParameters',
			'waitForCompletion',
		].sort(),
	);
});

test('the rule is not vacuous: it reports an optional field, not a required one or a collection', () => {
	const field = (extra: Partial<INodeProperties>): INodeProperties => ({
		displayName: 'X',
		name: 'x',
		type: 'string',
		default: '',
		...extra,
	});
	expect(reported(field({}))).toBe(true);
	expect(reported(field({ type: 'boolean', default: false }))).toBe(true);
	expect(reported(field({ required: true }))).toBe(false);
	expect(reported(field({ type: 'collection', default: {} }))).toBe(false);
	expect(reported(field({ type: 'notice' }))).toBe(false);
	expect(reported(field({ name: 'operation', type: 'options' }))).toBe(false);
});
