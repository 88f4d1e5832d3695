/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Every GitHub workflow uses checkout, setup-node, cache and upload-artifact at a major version
 * whose action runs on Node.js 24 natively (v5 and later, upload-artifact v6; GitHub's runner
 * 2.327.1+): the older ones run on Node.js 20, which GitHub now forces onto 24 with a deprecation
 * warning. Reads .github/workflows/*.yml.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const WORKFLOWS = join(__dirname, '..', '..', '..', '.github', 'workflows');
const NODE_24_FROM: Record<string, number> = {
	checkout: 5,
	'setup-node': 5,
	cache: 5,
	'upload-artifact': 6,
};

test('checkout, setup-node, cache and upload-artifact at versions that run on Node.js 24', () => {
	const uses = readdirSync(WORKFLOWS)
		.filter((file) => file.endsWith('.yml'))
		.flatMap((file) =>
			[
				...readFileSync(join(WORKFLOWS, file), 'utf8').matchAll(
					/uses:\s*actions\/([\w-]+)@v(\d+)/g,
				),
			].map(([, action, major]) => ({ file, action, major: Number(major) })),
		);
	expect(uses.length).toBeGreaterThanOrEqual(8);
	const old = uses.filter(({ action, major }) => major < (NODE_24_FROM[action] ?? 0));
	expect(old).toEqual([]);
});
