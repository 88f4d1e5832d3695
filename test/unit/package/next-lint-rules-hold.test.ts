/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The rules n8n's community-node lint plugin has in its repository but not yet in the version we
 * install (0.32.0), checked here on the descriptions as n8n loads them, so that nothing turns red
 * the day verification runs them: hint-max-length, require-mit-license,
 * single-credential-per-node, open-ended-node-fields, valid-node-categories and icon-contrast,
 * each with the rule's own threshold. Reads the descriptions and files only: no HTTP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { AssetWorkspaceApi } from '../../../credentials/AssetWorkspaceApi.credentials';
import { AssetWorkspace } from '../../../nodes/AssetWorkspace/AssetWorkspace.node';
import { AssetWorkspaceTrigger } from '../../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node';

const ROOT = join(__dirname, '..', '..', '..');
const read = (...path: string[]) => readFileSync(join(ROOT, ...path), 'utf8');
const NODES: Array<[string, INodeTypeDescription]> = [
	['AssetWorkspace', new AssetWorkspace().description],
	['AssetWorkspaceTrigger', new AssetWorkspaceTrigger().description],
];
const credential = new AssetWorkspaceApi();

/** Every value of a key at any depth of a description. */
function valuesOf(key: string, value: unknown): unknown[] {
	if (Array.isArray(value)) return value.flatMap((v) => valuesOf(key, v));
	if (!value || typeof value !== 'object') return [];
	return Object.entries(value).flatMap(([k, v]) => [
		...(k === key ? [v] : []),
		...valuesOf(key, v),
	]);
}

test('hint-max-length: every hint is at most 120 characters', () => {
	// The rule lints nodes; the credential's hint is held to what it shows (its link's tag aside).
	const hints = [
		...NODES.flatMap(([, description]) => valuesOf('hint', description.properties)),
		...valuesOf('hint', credential.properties).map((h) => String(h).replace(/<[^>]+>/g, '')),
	].filter((hint): hint is string => typeof hint === 'string');
	expect(hints.length).toBeGreaterThan(0);
	expect(hints.filter((hint) => hint.length > 120)).toEqual([]);
});

test('require-mit-license: package.json says MIT and LICENSE is the MIT licence', () => {
	expect(JSON.parse(read('package.json')).license).toBe('MIT');
	expect(read('LICENSE')).toMatch(/^MIT License\n/);
});

test.each(NODES)('single-credential-per-node: %s uses one credential', (_name, description) => {
	expect(description.credentials).toHaveLength(1);
});

test.each(NODES)('open-ended-node-fields: %s has no optional top-level JSON field', (_name, d) => {
	const open = d.properties.filter((p) => p.type === 'json' && p.required !== true);
	expect(open.map((p) => p.name)).toEqual([]);
});

const CATEGORIES = [
	'Data & Storage',
	'Finance & Accounting',
	'Marketing & Content',
	'Productivity',
	'Miscellaneous',
	'Sales',
	'Development',
	'Analytics',
	'Communication',
	'Utility',
];
test.each(NODES)('valid-node-categories: %s names only categories n8n knows', (name) => {
	const { categories } = JSON.parse(read('nodes', name, `${name}.node.json`));
	expect(categories.length).toBeGreaterThan(0);
	expect(categories.filter((c: string) => !CATEGORIES.includes(c))).toEqual([]);
});

/** WCAG contrast of a #rrggbb colour against a background of one grey level (0 to 1). */
function contrast(hex: string, background: number): number {
	const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
	const [r, g, b] = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255));
	const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
	const bg = linear(background);
	return (Math.max(lum, bg) + 0.05) / (Math.min(lum, bg) + 0.05);
}

test.each([
	['nodes/AssetWorkspace', 'assetWorkspace'],
	['nodes/AssetWorkspaceTrigger', 'assetWorkspace'],
	['credentials', 'assetWorkspace'],
])('icon-contrast: the icons in %s stand out on both themes (1.5:1 at least)', (dir, icon) => {
	// The rule's backgrounds: white for the light icon, #2b2b2b for the dark one.
	for (const [file, background] of [
		[`${icon}.svg`, 1],
		[`${icon}.dark.svg`, 43 / 255],
	] as const) {
		const colours = read(dir, file).match(/#[0-9a-fA-F]{6}\b/g) ?? [];
		expect(colours.length).toBeGreaterThan(0);
		expect(Math.max(...colours.map((c) => contrast(c, background)))).toBeGreaterThanOrEqual(1.5);
	}
	expect(contrast('#ffffff', 1)).toBe(1);
	expect(contrast('#000000', 1)).toBeCloseTo(21);
});
