/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Guards: every test path the runner and the scripts name exists, so that moving or renaming a
 * test file cannot leave a script running nothing: the sequencer's long files (test/harness/
 * sequencer.js), package.json's scripts and scripts/test-quick.sh. About 0.1 s.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const NAMERS = ['test/harness/sequencer.js', 'package.json', 'scripts/test-quick.sh'];

/** Every file and folder under test/, as repository paths. */
function testTree(dir = join(ROOT, 'test')): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		const own = relative(ROOT, path);
		return entry.isDirectory() ? [own, ...testTree(path)] : [own];
	});
}

/** The test paths a text names (a path, or the start of file names such as `…/property-`). */
const testPaths = (text: string) => [...text.matchAll(/\btest\/[\w./-]*[\w-]/g)].map((m) => m[0]);

test('every test path the runner and the scripts name is a file or folder, or starts some', () => {
	const tree = testTree();
	const named = NAMERS.flatMap((file) =>
		testPaths(readFileSync(join(ROOT, file), 'utf8')).map((path) => ({ file, path })),
	);
	expect(named.length).toBeGreaterThan(10);
	expect(named.filter(({ path }) => !tree.some((entry) => entry.startsWith(path)))).toEqual([]);
});
