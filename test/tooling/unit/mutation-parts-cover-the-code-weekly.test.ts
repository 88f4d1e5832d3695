/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The mutation run's parts (stryker/parts.cjs) mutate every source file of transport/ and the
 * trigger, each in one part only, each part held to the target of its folders
 * (scripts/mutation-scores.ts), and the weekly workflow runs every part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { minimatch } from 'minimatch';

import { TARGETS } from '../../../scripts/mutation-scores';
import { PARTS } from '../../../stryker/parts.cjs';

const ROOT = join(__dirname, '..', '..', '..');
const sources = (folder: string) =>
	readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.ts'))
		.map((file) => relative(ROOT, join(ROOT, folder, file)));
const SOURCES = [...sources('nodes/shared/transport'), ...sources('nodes/AssetWorkspaceTrigger')];
/** Stryker's reading of `mutate`: a file any glob names and no `!` glob leaves out. */
const mutates = (globs: string[], file: string) =>
	globs.some((glob) => !glob.startsWith('!') && minimatch(file, glob)) &&
	!globs.some((glob) => glob.startsWith('!') && minimatch(file, glob.slice(1)));

test('each source file of transport/ and the trigger is mutated by exactly one part', () => {
	expect(SOURCES.length).toBeGreaterThan(30);
	for (const file of SOURCES) {
		const parts = Object.keys(PARTS).filter((part) => mutates(PARTS[part].mutate, file));
		expect({ file, parts: parts.length }).toEqual({ file, parts: 1 });
	}
});

test('each part breaks below the lowest target of the folders it mutates', () => {
	/** A file's target: its innermost folder's (the others are "the rest of" theirs). */
	const targetOf = (file: string) =>
		TARGETS.filter(({ folder }) => file.startsWith(folder)).sort(
			(a, b) => b.folder.length - a.folder.length,
		)[0].target;
	for (const [part, { mutate, target }] of Object.entries(PARTS)) {
		const targets = SOURCES.filter((file) => mutates(mutate, file)).map(targetOf);
		expect({ part, target }).toEqual({ part, target: Math.min(...targets) });
	}
});

test('the weekly workflow runs every part', () => {
	const workflow = readFileSync(join(ROOT, '.github', 'workflows', 'mutation.yml'), 'utf8');
	expect(workflow).toMatch(/schedule:\s*\n\s*- cron: '[^']+'/);
	expect(workflow).toContain(`part: [${Object.keys(PARTS).join(', ')}]`);
	expect(workflow).toContain('npm run test:mutation -- ${{ matrix.part }}');
});
