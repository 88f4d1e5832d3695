/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The README's install by environment variable (N8N_COMMUNITY_PACKAGES) names this package at
 * the version package.json says, so that a release never sends users to an older one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

test("N8N_COMMUNITY_PACKAGES in the README names this package at package.json's version", () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const lists = [...readme.matchAll(/N8N_COMMUNITY_PACKAGES='([^']+)'/g)].map(([, json]) =>
		JSON.parse(json),
	);
	expect(lists).toEqual([[{ name: pkg.name, version: pkg.version }]]);
});
