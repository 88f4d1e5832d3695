/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The published package: built files load with nothing but n8n-workflow beside them (zod and our
 * modules are bundled; code both nodes use, zod included, once in dist/shared/), package.json has
 * no runtime dependencies, every path in the n8n section exists, and the built descriptions pass
 * n8n's lint. Runs after `npm run build` (part of `npm test`).
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

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/**
 * The environment of the checks' child processes: jest sets NODE_ENV=test, under which
 * eslint-plugin-n8n-nodes-base takes every file for "Test.node.ts" and n8n-core loads classes
 * without its vm context; the children run as they do outside jest.
 */
const CHILD_ENV = { ...process.env, NODE_ENV: 'production' };

/** A sentence of zod 4's core (zod/v4/core/core.js): once in each copy of zod 4. */
const ZOD_CORE_TEXT = 'Encountered Promise during synchronous parse';
/** A sentence of zod 3's English error map (zod/v3/locales/en.js): in any copy of zod 3. */
const ZOD_3_TEXT = 'Invalid discriminator value. Expected';

/**
 * Run in the unpacked package (argument: n8n-core's folder): n8n-core's PackageDirectoryLoader loads
 * each node and credential by its path in the n8n section, after n8n's own `unloadAll()`, so that
 * nothing of the package is cached and each file loads on its own (as when n8n loads a single
 * node type, DirectoryLoader.getNode, or reloads the package). Prints each load's type name and
 * the package files it pulled in, and the modules outside the package that its files required.
 */
const LOAD_LIKE_N8N = `
	const Module = require('module');
	const { PackageDirectoryLoader } = require(process.argv[1]);
	const loader = new PackageDirectoryLoader(process.cwd());
	const dir = loader.directory + '/';
	const external = new Set();
	const original = Module._load;
	Module._load = function (request, parent, ...rest) {
		if (parent?.filename?.startsWith(dir) && !request.startsWith('.') && !Module.isBuiltin(request))
			external.add(request);
		return original.call(this, request, parent, ...rest);
	};
	const { nodes, credentials } = loader.packageJson.n8n;
	const load = (path, kind) => {
		loader.unloadAll();
		kind === 'nodes' ? loader.loadNodeFromFile(path) : loader.loadCredentialFromFile(path);
		const name = Object.keys(loader.known[kind]).find((n) => loader.known[kind][n].sourcePath === path);
		const files = Object.keys(require.cache).filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length));
		return { path, name, files };
	};
	const loads = [...nodes.map((p) => load(p, 'nodes')), ...credentials.map((p) => load(p, 'credentials'))];
	console.log(JSON.stringify({ loads, external: [...external] }));`;

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

describe('the packed package', () => {
	let dir: string;
	let packageDir: string;
	let files: string[];
	let sizes: Record<string, number>;
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
		sizes = Object.fromEntries(
			packed[0].files.map((f: { path: string; size: number }) => [f.path, f.size]),
		);
		execFileSync('tar', ['-xzf', join(dir, packed[0].filename), '-C', dir]);
		packageDir = join(dir, 'package');
		// What an n8n install gives the package: n8n-workflow beside it, nothing else.
		mkdirSync(join(packageDir, 'node_modules'));
		symlinkSync(
			join(root, 'node_modules', 'n8n-workflow'),
			join(packageDir, 'node_modules', 'n8n-workflow'),
		);
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));
	const scan = (packageDir: string) => {
		// The scanner's plugins are ES modules, so the scan runs in its own process (scripts/scan-package.ts).
		const child = spawnSync(
			join(root, 'node_modules', '.bin', 'tsx'),
			['scripts/scan-package.ts', packageDir],
			{ cwd: root, encoding: 'utf8', env: CHILD_ENV },
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

	// Well under a second: the sizes `npm pack --json` gives, one read of each file.
	test('its JavaScript is at most 182 kB (182,000 bytes) and carries zod 4 once, zod 3 not at all', () => {
		const js = files.filter((f) => f.endsWith('.js'));
		expect(js.reduce((total, f) => total + sizes[f], 0)).toBeLessThanOrEqual(182_000);
		// String literals every bundled copy carries (minified or not): each copy of zod 4's core in
		// dist/ shows its sentence once.
		const count = (text: string) =>
			js.reduce(
				(total, f) => total + readFileSync(join(packageDir, f), 'utf8').split(text).length - 1,
				0,
			);
		expect({ zod4: count(ZOD_CORE_TEXT), zod3: count(ZOD_3_TEXT) }).toEqual({ zod4: 1, zod3: 0 });
	});

	// About 3 s of CPU, most of it loading n8n-core in a fresh Node.js (5 to 14 s wall, measured on
	// the shared 2-core machine).
	test('each file in the n8n section loads on its own, as n8n loads it, with nothing but n8n-workflow', () => {
		const loaded = JSON.parse(
			execFileSync(
				process.execPath,
				['-e', LOAD_LIKE_N8N, join(root, 'node_modules', 'n8n-core')],
				{
					cwd: packageDir,
					encoding: 'utf8',
					env: CHILD_ENV,
				},
			),
		) as { loads: Array<{ path: string; name: string; files: string[] }>; external: string[] };
		expect(loaded.loads.map((l) => [l.path, l.name])).toEqual([
			['dist/nodes/AssetWorkspace/AssetWorkspace.node.js', 'assetWorkspace'],
			['dist/nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.js', 'assetWorkspaceTrigger'],
			['dist/credentials/AssetWorkspaceApi.credentials.js', 'assetWorkspaceApi'],
		]);
		// Every file a load pulls in (the node file and the shared chunks it requires) is in the pack.
		for (const load of loaded.loads) expect(files).toEqual(expect.arrayContaining(load.files));
		expect(loaded.external).toEqual(['n8n-workflow']);
	});

	test("passes n8n's scanner rule sets on the published files, inline disables ignored", () => {
		const result = scan(packageDir);
		expect(result.files).toBe(files.filter((f) => /\.(js|json)$/.test(f)).length);
		expect(result.report).toBe('');
		expect(result.errors).toBe(0);
	});

	describe('the built descriptions, linted as n8n lints a description in source', () => {
		type Lint = { errors: number; warnings: number; report: string; files: string[] };
		let real: Lint;
		let bad: Lint;
		// About 8 s of CPU for both packages in one process, most of it loading ESLint,
		// typescript-eslint and the rule sets (15 to 29 s wall, measured on the shared 2-core machine).
		beforeAll(() => {
			const badDir = join(dir, 'bad-description');
			mkdirSync(join(badDir, 'dist', 'nodes', 'Bad'), { recursive: true });
			writeFileSync(
				join(badDir, 'package.json'),
				JSON.stringify({ name: 'n8n-nodes-bad', n8n: { nodes: ['dist/nodes/Bad/Bad.node.js'] } }),
			);
			// A parameter made by a helper with overrides, as `npm run lint` cannot see through.
			writeFileSync(
				join(badDir, 'dist', 'nodes', 'Bad', 'Bad.node.js'),
				`const picker = (overrides) => ({ displayName: 'Version', name: 'v', type: 'string', default: '', required: true, ...overrides });
				exports.Bad = class Bad {
					description = { displayName: 'Bad', name: 'bad', group: ['transform'], version: 1, description: 'Bad',
						defaults: { name: 'Bad' }, inputs: ['main'], outputs: ['main'], properties: [picker({ required: false })] };
				};`,
			);
			const child = spawnSync(
				join(root, 'node_modules', '.bin', 'tsx'),
				['scripts/lint-descriptions.ts', packageDir, badDir],
				{ cwd: root, encoding: 'utf8', env: CHILD_ENV },
			);
			[real, bad] = JSON.parse(child.stdout) as Lint[];
		});

		test('the lint is not vacuous: it catches `required: false` that a helper built', () => {
			expect(bad.files).toEqual(['nodes/Bad/Bad.node.ts']);
			expect(bad.report).toContain('n8n-nodes-base/node-param-required-false');
		});

		test("both nodes and the credential pass n8n-node lint's rules", () => {
			expect(real.files.sort()).toEqual([
				'credentials/AssetWorkspaceApi.credentials.ts',
				'nodes/AssetWorkspace/AssetWorkspace.node.ts',
				'nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts',
			]);
			expect(real.report).toBe('');
			expect(real.errors + real.warnings).toBe(0);
		});
	});
});

test('the README and docs show exactly the pictures that npm run screenshots (and the npm run dev test) wrote, unchanged since', () => {
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
	// One picture is taken by the test of npm run dev (test/e2e/dev.e2e.test.ts), not by npm run
	// screenshots: the editor that command opens.
	const byDevTest = 'docs/images/dev-editor.png';
	expect(existsSync(join(root, byDevTest))).toBe(true);
	expect([...embedded].sort()).toEqual(
		[...manifest.shots.map((s: { file: string }) => `docs/images/${s.file}`), byDevTest].sort(),
	);
	for (const shot of manifest.shots) {
		const png = readFileSync(join(root, 'docs', 'images', shot.file));
		expect({ file: shot.file, sha256: createHash('sha256').update(png).digest('hex') }).toEqual({
			file: shot.file,
			sha256: shot.sha256,
		});
	}
});
