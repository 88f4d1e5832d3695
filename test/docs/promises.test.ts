/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The map from promise to proof (docs/promises.md) stays true: every file it names exists, every
 * test it names is a test of that file (by its name as written), every benchmark figure it names is
 * in that benchmark's file, and every test file of test/promises/ is in the map. About 0.3 s
 * (TypeScript's parser reads the named test files: test-titles.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { ROOT, linkTargets, read } from './markdown';
import { testTitles } from './test-titles';

const MAP = 'docs/promises.md';

/** Each file the map's list items link to (repository paths), with the names in code after it. */
function claims(markdown: string): Array<{ file: string; names: string[] }> {
	const found: Array<{ file: string; names: string[] }> = [];
	for (const line of markdown.split('\n').filter((l) => l.startsWith('- '))) {
		for (const part of line.split(/(?=\[[^\]]*\]\()/)) {
			const link = /^\[[^\]]*\]\(([^)#]+)\)/.exec(part);
			if (!link || /^[a-z]+:/.test(link[1])) continue;
			const file = normalize(join(dirname(MAP), link[1]));
			if (!file.startsWith('test/') && !file.startsWith('bench/')) continue;
			found.push({ file, names: [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1]) });
		}
	}
	return found;
}

/** What is wrong with one claim, or nothing. */
function problems({ file, names }: { file: string; names: string[] }): string[] {
	if (!existsSync(join(ROOT, file))) return [`${file} does not exist`];
	const source = read(file);
	const titles = new Set(file.startsWith('test/') ? testTitles(source) : []);
	const holds = (name: string) =>
		file.startsWith('test/') ? titles.has(name) : source.includes(name);
	return names.filter((name) => !holds(name)).map((name) => `${file} has no test "${name}"`);
}

const map = claims(read(MAP));

test('every file the map names exists, and every test it names is in that file', () => {
	expect(map.length).toBeGreaterThan(50);
	expect(map.flatMap(problems)).toEqual([]);
});

test('every test file of test/promises/ is in the map', () => {
	const named = new Set(map.map((claim) => claim.file));
	const files = readdirSync(join(ROOT, 'test', 'promises'))
		.filter((name) => name.endsWith('.test.ts'))
		.map((name) => `test/promises/${name}`);
	expect(files.filter((file) => !named.has(file))).toEqual([]);
});

test('the check finds a missing file and a missing test', () => {
	const [claim] = claims(
		'- [x](../test/promises/exactly-once.test.ts): `%s: two polls at once fire a finished job once`; `no such test`\n' +
			'- [y](../test/promises/no-such-file.test.ts): `a test`\n',
	).map(problems);
	expect(claim).toEqual(['test/promises/exactly-once.test.ts has no test "no such test"']);
	expect(problems({ file: 'test/promises/no-such-file.test.ts', names: ['a test'] })).toEqual([
		'test/promises/no-such-file.test.ts does not exist',
	]);
	expect(
		testTitles("test.each([1, 2])('%s (a)', () => {});\ndescribe(`b ${x}`, () => {});"),
	).toEqual(['%s (a)', 'b ${x}']);
});

test('docs/development.md links to the map', () => {
	expect(linkTargets(read('docs/development.md'))).toContain('promises.md');
});
