/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n's scanner lints the sources a package was built from as well as its tarball
 * (scripts/scan-package.ts, run on this repository by test/tooling/package.test.ts): the source pass is
 * not vacuous. It lints package.json and the TypeScript under nodes/ and credentials/ with the
 * scanner's rule sets, inline disables ignored, and nothing outside those folders. About 3 s of
 * CPU (ESLint and its plugins load in a process of their own).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'aw-source-scan-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the source pass catches what inline disables hide in nodes/, and lints only what n8n lints', () => {
	const source = join(dir, 'source');
	const emptyPackage = join(dir, 'package');
	mkdirSync(join(source, 'nodes', 'Bad'), { recursive: true });
	mkdirSync(join(source, 'scripts'), { recursive: true });
	mkdirSync(emptyPackage);
	cpSync(join(root, 'package.json'), join(source, 'package.json'));
	const hidden = [
		'/* eslint-disable */',
		"import type { INodeType, INodeTypeDescription } from 'n8n-workflow';",
		'export class Bad implements INodeType {',
		"\tdescription = { displayName: 'Bad', name: 'Bad', group: [], version: 1 } as INodeTypeDescription;",
		'}',
		'console.log(process.env.HOME); // eslint-disable-line',
		'setTimeout(() => {}, 1);',
	].join('\n');
	writeFileSync(join(source, 'nodes', 'Bad', 'Bad.node.ts'), hidden);
	// Dev-only code outside nodes/ and credentials/ is not the scanner's business.
	writeFileSync(join(source, 'scripts', 'tool.ts'), 'console.log(process.env.HOME);\n');

	const child = spawnSync(
		join(root, 'node_modules', '.bin', 'tsx'),
		['scripts/scan-package.ts', emptyPackage, source],
		{ cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
	);
	const scan = JSON.parse(child.stdout) as { errors: number; report: string; sourceFiles: number };
	expect(child.status).toBe(1);
	expect(scan.sourceFiles).toBe(2); // package.json and Bad.node.ts
	expect(scan.report).toContain('nodes/Bad/Bad.node.ts');
	expect(scan.report).not.toContain('scripts/tool.ts');
	for (const rule of [
		'no-console',
		'@n8n/community-nodes/no-restricted-globals',
		// eslint-plugin-n8n-nodes-base's nodes rule set, which applies to TypeScript sources only
		'n8n-nodes-base/node-class-description-name-miscased',
	])
		expect(scan.report).toContain(rule);
});
