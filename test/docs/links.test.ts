/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Every relative link in README.md and docs/*.md points at a file or folder that exists, and an
 * `#anchor` at a heading of that file (as GitHub makes anchors). Links to other sites are not
 * fetched. About 0.1 s.
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { ROOT, docFiles, headingAnchors, linkTargets, read } from './markdown';

/** A link that leaves the repository: a scheme (https:, mailto:) or a protocol-relative URL. */
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What is wrong with a relative link from `file`, or undefined. */
function brokenLink(file: string, target: string): string | undefined {
	const [path, anchor] = target.split('#', 2);
	const linked = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
	if (linked.startsWith('..')) return `${target}: outside the repository`;
	if (!existsSync(join(ROOT, linked))) return `${target}: ${linked} does not exist`;
	if (anchor === undefined) return undefined;
	if (!linked.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
	if (!headingAnchors(read(linked)).has(anchor))
		return `${target}: ${linked} has no heading #${anchor}`;
	return undefined;
}

test.each(docFiles())('every relative link in %s resolves', (file) => {
	const targets = linkTargets(read(file)).filter((target) => !external(target));
	const broken = targets.flatMap((target) => brokenLink(file, target) ?? []);
	expect(broken).toEqual([]);
});

test('the check finds what it should', () => {
	expect(docFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/development.md']));
	expect(linkTargets(read('README.md'))).toEqual(
		expect.arrayContaining(['docs/sandbox.md', '#usage', 'docs/images/workflow.png']),
	);
	expect(brokenLink('docs/development.md', 'BENCHMARKS.md')).toBe(
		'BENCHMARKS.md: docs/BENCHMARKS.md does not exist',
	);
	expect(brokenLink('docs/development.md', '../BENCHMARKS.md')).toBeUndefined();
	expect(brokenLink('README.md', '#no-such-heading')).toBe(
		'#no-such-heading: README.md has no heading #no-such-heading',
	);
	expect(brokenLink('docs/trigger.md', '../README.md#asset-workspace-trigger')).toBeUndefined();
	expect(brokenLink('README.md', '../elsewhere.md')).toBe(
		'../elsewhere.md: outside the repository',
	);
});

test('anchors are made as GitHub makes them', () => {
	const anchors = headingAnchors(
		'# Use as an AI agent tool\n## `npm run dev`: the editor\n```\n# not a heading\n```\n## Notes\n## Notes\n',
	);
	expect([...anchors]).toEqual([
		'use-as-an-ai-agent-tool',
		'npm-run-dev-the-editor',
		'notes',
		'notes-1',
	]);
});
