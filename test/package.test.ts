/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The published package: built files load with nothing but n8n-workflow beside them (zod and our
 * modules are bundled), package.json has no runtime dependencies, and every path in the n8n
 * section exists. Runs after `npm run build` (part of `npm test`).
 */
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
	mkdirSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

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
		const NodeClass = Object.values(node).find((v) => typeof v === 'function') as new () => {
			description: { icon: object };
		};
		const description = new NodeClass().description;
		for (const icon of Object.values(description.icon) as string[])
			expect(existsSync(join(dir, icon.replace('file:', '')))).toBe(true);
	}
});

test('the built files load in a folder that has only n8n-workflow', () => {
	const dir = mkdtempSync(join(tmpdir(), 'aw-load-'));
	try {
		cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
		mkdirSync(join(dir, 'node_modules'));
		symlinkSync(
			join(root, 'node_modules', 'n8n-workflow'),
			join(dir, 'node_modules', 'n8n-workflow'),
		);
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
		const out = JSON.parse(
			execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' }),
		);
		expect(out.names).toEqual(expect.arrayContaining(['assetWorkspaceApi', 'assetWorkspace']));
		expect(out.external.every((m: string) => m === 'n8n-workflow')).toBe(true);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

describe('the packed package', () => {
	let dir: string;
	let files: string[];
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), 'aw-pack-'));
		const packed = JSON.parse(
			execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
				cwd: root,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		);
		files = packed[0].files.map((f: { path: string }) => f.path);
		execFileSync('tar', ['-xzf', join(dir, packed[0].filename), '-C', dir]);
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));
	const scan = (packageDir: string) => {
		// The scanner's plugins are ES modules, so the scan runs in its own process (scripts/scan-package.ts).
		const child = spawnSync(
			join(root, 'node_modules', '.bin', 'tsx'),
			['scripts/scan-package.ts', packageDir],
			{ cwd: root, encoding: 'utf8' },
		);
		return JSON.parse(child.stdout) as { errors: number; report: string; files: number };
	};

	test('the scan is not vacuous: it catches console, timers and process, inline disables ignored', () => {
		const bad = join(dir, 'bad');
		mkdirSync(join(bad, 'dist'), { recursive: true });
		cpSync(join(root, 'package.json'), join(bad, 'package.json'));
		writeFileSync(
			join(bad, 'dist', 'x.node.js'),
			'/* eslint-disable */\nconsole.log(process.env.HOME);\nsetTimeout(() => {}, 1);\n',
		);
		const result = scan(bad);
		expect(result.errors).toBeGreaterThanOrEqual(3);
		expect(result.report).toContain('no-console');
		expect(result.report).toContain('no-restricted-globals');
	});

	test('contains only dist/, README.md, LICENSE and package.json', () => {
		expect(files.filter((f) => !f.startsWith('dist/')).sort()).toEqual([
			'LICENSE',
			'README.md',
			'package.json',
		]);
		expect(files).toEqual(
			expect.arrayContaining([
				'dist/nodes/AssetWorkspace/AssetWorkspace.node.js',
				'dist/credentials/AssetWorkspaceApi.credentials.js',
			]),
		);
	});

	test("passes n8n's scanner rule sets on the published files, inline disables ignored", () => {
		const result = scan(join(dir, 'package'));
		expect(result.files).toBe(files.filter((f) => /\.(js|json)$/.test(f)).length);
		expect(result.report).toBe('');
		expect(result.errors).toBe(0);
	}, 120_000);
});

test('the README and docs show exactly the pictures that npm run screenshots wrote, unchanged since', () => {
	const manifest = JSON.parse(
		readFileSync(join(root, 'docs', 'images', 'screenshots.json'), 'utf8'),
	);
	expect(manifest.takenBy).toBe('npm run screenshots (scripts/screenshots.ts)');
	const pictures = (file: string, prefix: string) =>
		[...readFileSync(join(root, file), 'utf8').matchAll(/!\[[^\]]*\]\(([^)]+\.png)\)/g)].map(
			(m) => `${prefix}${m[1]}`,
		);
	const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
	const embedded = new Set([
		...pictures('README.md', ''),
		...docs.flatMap((f) => pictures(join('docs', f), 'docs/')),
	]);
	expect([...embedded].sort()).toEqual(
		manifest.shots.map((s: { file: string }) => `docs/images/${s.file}`).sort(),
	);
	for (const shot of manifest.shots) {
		const png = readFileSync(join(root, 'docs', 'images', shot.file));
		expect({ file: shot.file, sha256: createHash('sha256').update(png).digest('hex') }).toEqual({
			file: shot.file,
			sha256: shot.sha256,
		});
	}
});
