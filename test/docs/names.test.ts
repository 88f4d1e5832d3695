/**
 * The names README.md and docs/*.md give for the nodes' fields, options and events are the
 * names the nodes show (not "Timeout" for Timeout (Seconds), nor "Model Version Published" for
 * Model Version Created or Published). Derived from the node and credential descriptions
 * as n8n loads them. What it covers, kept simple:
 * - bold text in Title Case (every word capitalised but for short joining words, no closing
 *   punctuation) is a name: a display name or option name of either node or the credential, or
 *   one of n8n's own (N8N_NAMES); "A → B" and "A > B" are paths of names. Bold lowercase text
 *   is emphasis and not checked;
 * - the operations tables (header "resource | operation"): each row a resource and one of its
 *   operations, and the README's lists them all;
 * - the trigger tables (header "event"): each row an event, and every event listed;
 * - the README's credential table (header "field"): exactly the credential's fields.
 * About 0.2 s.
 */
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { AssetWorkspaceApi } from '../../credentials/AssetWorkspaceApi.credentials';
import { AssetWorkspace } from '../../nodes/AssetWorkspace/AssetWorkspace.node.ts';
import { AssetWorkspaceTrigger } from '../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts';
import { boldTexts, docFiles, read, tables } from './markdown';

const node = new AssetWorkspace().description;
const trigger = new AssetWorkspaceTrigger().description;
const credential = new AssetWorkspaceApi();

/** n8n's own names the docs use (its menus, node settings and buttons), and the service's. */
const N8N_NAMES = [
	'Settings',
	'Community Nodes',
	'Install',
	'Workflows',
	'Import from File',
	'AI Agent',
	'Continue On Fail',
	'Retry On Fail',
	'On Error',
	'Fetch Test Event',
	'API Keys',
	// The HTTP Request node's fields, for the way out to what this node does not cover.
	'HTTP Request',
	'Authentication',
	'Credential Type',
	'URL',
];
/** Title Case bold that is not a name: words that lead a paragraph, and sample data. */
const NOT_NAMES = [
	'Paste',
	'Output',
	'Removals',
	'Customer Churn Risk',
	// The name of the credential `npm run dev` imports (a credential's own name, not a field).
	'Asset Workspace Sandbox',
];

type Entry = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every display name and option name in a list of properties, at any depth. */
function namesIn(entries: readonly Entry[]): string[] {
	return entries.flatMap((entry) => {
		const own = 'displayName' in entry ? entry.displayName : 'value' in entry ? entry.name : [];
		const nested = [
			...('options' in entry && Array.isArray(entry.options) ? entry.options : []),
			...('values' in entry && Array.isArray(entry.values) ? entry.values : []),
		] as Entry[];
		return [own, ...namesIn(nested)].flat();
	});
}

const NODE_NAMES = new Set([
	node.displayName,
	trigger.displayName,
	credential.displayName,
	...namesIn(node.properties),
	...namesIn(trigger.properties),
	...namesIn(credential.properties.filter((p) => p.type !== 'notice')),
	...N8N_NAMES,
]);

const optionsOf = (name: string, show: Record<string, string> = {}) =>
	node.properties
		.concat(trigger.properties)
		.filter(
			(p) =>
				p.name === name &&
				Object.entries(show).every(([key, value]) =>
					(p.displayOptions?.show?.[key] as string[] | undefined)?.includes(value),
				),
		)
		.flatMap((p) => (p.options ?? []) as INodePropertyOptions[]);
const RESOURCES = optionsOf('resource');
const operationNames = (resourceName: string) => {
	const resource = RESOURCES.find((r) => r.name === resourceName);
	return resource
		? optionsOf('operation', { resource: String(resource.value) }).map((o) => o.name)
		: [];
};
const EVENTS = optionsOf('event').map((o) => o.name);

const SMALL_WORDS = new Set([
	'a',
	'an',
	'and',
	'as',
	'at',
	'by',
	'for',
	'from',
	'in',
	'of',
	'on',
	'or',
	'the',
	'to',
	'with',
]);
/** Bold that claims to be a name: Title Case, no closing punctuation. */
function looksLikeName(text: string): boolean {
	if (/[.:,;!?]$/.test(text)) return false;
	const words = text.split(/[\s→>]+/).map((word) => word.replace(/^\(|\)$/g, ''));
	return /^\p{Lu}/u.test(words[0]) && words.every((w) => /^\p{Lu}/u.test(w) || SMALL_WORDS.has(w));
}

/** The parts of a bold name that are not names. */
const unknownParts = (text: string) =>
	text.split(/\s*[→>]\s*/).filter((part) => !NODE_NAMES.has(part) && !NOT_NAMES.includes(part));

test.each(docFiles())("bold names in %s are the nodes' names", (file) => {
	const wrong = boldTexts(read(file))
		.filter(looksLikeName)
		.filter((text) => unknownParts(text).length);
	expect(wrong).toEqual([]);
});

test.each(docFiles())(
	'the operations and trigger tables in %s name what the nodes have',
	(file) => {
		const wrong: string[] = [];
		for (const { header, rows } of tables(read(file))) {
			if (header[0] === 'resource' && header[1] === 'operation') {
				for (const [resource, operation] of rows)
					if (!operationNames(resource).includes(operation))
						wrong.push(`${resource} > ${operation}`);
			}
			if (header[0] === 'event') {
				for (const [cell] of rows) {
					const event = cell.replace(/\*\*/g, '').replace(/\s*\(.*$/, '');
					if (!EVENTS.includes(event)) wrong.push(`event ${event}`);
				}
			}
		}
		expect(wrong).toEqual([]);
	},
);

test('the README lists every operation, every event and every credential field', () => {
	const readme = tables(read('README.md'));
	const operations = readme
		.find((t) => t.header[0] === 'resource')!
		.rows.map((r) => `${r[0]} > ${r[1]}`);
	const all = RESOURCES.flatMap((r) => operationNames(r.name).map((o) => `${r.name} > ${o}`));
	expect([...operations].sort()).toEqual([...all].sort());
	const events = readme
		.find((t) => t.header[0] === 'event')!
		.rows.map(([cell]) => /\*\*(.+?)\*\*/.exec(cell)?.[1]);
	expect(events.sort()).toEqual([...EVENTS].sort());
	const fields = readme.find((t) => t.header[0] === 'field')!.rows.map(([cell]) => cell);
	expect(fields).toEqual(
		credential.properties.filter((p) => p.type !== 'notice').map((p) => p.displayName),
	);
});

test('the check sees a wrong name', () => {
	expect(looksLikeName('Timeout')).toBe(true);
	expect(unknownParts('Timeout')).toEqual(['Timeout']);
	expect(unknownParts('Timeout (Seconds)')).toEqual([]);
	expect(unknownParts('Asset → Execute')).toEqual([]);
	expect(unknownParts('Model Version > Compare')).toEqual([]);
	expect(looksLikeName('waits for the run')).toBe(false);
	expect(looksLikeName('Output:')).toBe(false);
	expect(EVENTS).toContain('Model Version Created or Published');
	expect(operationNames('Job')).toEqual(['Get', 'Wait for Completion']);
});
