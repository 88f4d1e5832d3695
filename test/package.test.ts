/**
 * The published package: built files load with nothing but n8n-workflow beside them (zod and our
 * modules are bundled), package.json has no runtime dependencies, and every path in the n8n
 * section exists. Runs after `npm run build` (part of `npm test`).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('package.json is a community package with no runtime dependencies', () => {
	expect(pkg.name).toBe('n8n-nodes-asset-workspace');
	expect(pkg.keywords).toContain('n8n-community-node-package');
	expect(pkg.license).toBe('MIT');
	expect(pkg.dependencies).toBeUndefined();
	expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	expect(pkg.files).toEqual(['dist']);
	expect(pkg.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
});

test('every path in the n8n section exists in dist/, with its icons and codex', async () => {
	for (const path of [...pkg.n8n.credentials, ...pkg.n8n.nodes]) {
		expect(path.startsWith('dist/')).toBe(true);
		expect(existsSync(join(root, path))).toBe(true);
	}
	for (const nodePath of pkg.n8n.nodes) {
		const dir = join(root, nodePath, '..');
		expect(existsSync(nodePath.replace(/\.js$/, '.json').replace(/^/, `${root}/`))).toBe(true);
		const node = await import(join(root, nodePath));
		const NodeClass = Object.values(node).find((v) => typeof v === 'function') as new () => { description: { icon: object } };
		const description = new NodeClass().description;
		for (const icon of Object.values(description.icon) as string[]) expect(existsSync(join(dir, icon.replace('file:', '')))).toBe(true);
	}
});

test('the built files load in a folder that has only n8n-workflow', () => {
	const dir = mkdtempSync(join(tmpdir(), 'aw-load-'));
	try {
		cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
		mkdirSync(join(dir, 'node_modules'));
		symlinkSync(join(root, 'node_modules', 'n8n-workflow'), join(dir, 'node_modules', 'n8n-workflow'));
		const script = `
			const pkg = ${JSON.stringify(pkg.n8n)};
			const seen = new Set();
			const Module = require('module');
			const original = Module._load;
			// Only requires issued by our own built files count (n8n-workflow loads its own dependencies).
			Module._load = function (request, parent, ...rest) {
				if (parent && parent.filename && parent.filename.startsWith(process.cwd() + '/dist/') && !request.startsWith('.') && !request.startsWith('node:')) seen.add(request);
				return original.call(this, request, parent, ...rest);
			};
			const names = [...pkg.credentials, ...pkg.nodes].map((p) => { const m = require('./' + p); const C = Object.values(m)[0]; const i = new C(); return i.name ?? i.description.name; });
			console.log(JSON.stringify({ names, external: [...seen].filter((m) => !require('module').builtinModules.includes(m)) }));`;
		const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' }));
		expect(out.names).toEqual(expect.arrayContaining(['assetWorkspaceApi', 'assetWorkspace']));
		expect(out.external.every((m: string) => m === 'n8n-workflow')).toBe(true);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
