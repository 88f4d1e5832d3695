/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Where an n8n runtime is installed: once per machine, not once per clone, as Playwright keeps
 * its browsers. A line's packages go to ~/.cache/n8n-nodes-asset-workspace/runtimes/<line>-<lock
 * hash> (AW_RUNTIME_CACHE sets another folder), and e2e/runtimes/<line>/node_modules is a link to
 * them: a fresh clone of the same lock file reuses them (about 8 minutes and 10 CPU-minutes on 2
 * cores with a warm npm cache), a changed lock file installs beside them. A clone whose
 * node_modules is a folder of its own (installed before this) keeps it. Clones share the cache,
 * so a cache folder is installed under a lock (`<folder>.lock`, underLock below): a second clone
 * installing the same runtime at the same time waits for the first and reuses its install.
 */
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	readlinkSync,
	realpathSync,
	renameSync,
	rmSync,
	symlinkSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';

const CACHE =
	process.env.AW_RUNTIME_CACHE ??
	join(homedir(), '.cache', 'n8n-nodes-asset-workspace', 'runtimes');

/** The cache's folder (created when missing). */
export function cacheDir(): string {
	mkdirSync(CACHE, { recursive: true });
	return realpathSync(CACHE);
}

/**
 * The folder npm installs `dir`'s runtime in: where its node_modules really is when that is not
 * in the cache (a folder of its own, or a link to another clone's: npm run dev's test copies the
 * tree so), else the cache's folder for this lock file, linked afresh.
 */
export function installDirOf(dir: string, line: string, lockHash: string): string {
	const own = join(dir, 'node_modules');
	const cache = cacheDir();
	if (existsSync(own) && !realpathSync(own).startsWith(cache + sep))
		return dirname(realpathSync(own));
	const home = join(cache, cacheFolderName(line, lockHash));
	const target = join(home, 'node_modules');
	mkdirSync(target, { recursive: true });
	// Written once, whole (another clone may be installing from them): the folder's name is their hash.
	for (const file of ['package.json', 'package-lock.json']) {
		if (existsSync(join(home, file))) continue;
		const partial = join(home, `${file}.${process.pid}`);
		copyFileSync(join(dir, file), partial);
		renameSync(partial, join(home, file));
	}
	if (!existsSync(own) || realpathSync(own) !== target) {
		rmSync(own, { force: true }); // a link to another lock file's folder
		try {
			symlinkSync(target, own);
		} catch (error) {
			// another process of this clone linked it meanwhile
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || readlinkSync(own) !== target)
				throw error;
		}
	}
	return home;
}

/** The cache folder of a line's runtime: the line and its lock file's hash. */
export const cacheFolderName = (line: string, lockHash: string) =>
	`${line}-${lockHash.slice(0, 16)}`;

/** util-linux's flock is there (Linux); elsewhere installs are not locked. */
export const FLOCK = spawnSync('sh', ['-c', 'command -v flock']).status === 0;
const TSX = join(__dirname, '..', 'node_modules', '.bin', 'tsx');

/** This process runs under `lock` (underLock started it). */
export const holdsLock = (lock: string) => process.env.AW_RUNTIME_LOCKED === lock;

/**
 * Runs the TypeScript file `args[0]` with the rest of `args` in a process that holds `lock` for
 * its whole life (the kernel releases it however that process ends); when another process holds
 * it, says so and waits.
 */
export function underLock(lock: string, args: string[], what: string, log: (line: string) => void) {
	const env = { ...process.env, AW_RUNTIME_LOCKED: lock };
	const run = (wait: boolean) =>
		spawnSync(
			'flock',
			[...(wait ? [] : ['--nonblock', '--conflict-exit-code', '75']), lock, TSX, ...args],
			{
				env,
				stdio: ['ignore', 'inherit', 'inherit'],
			},
		);
	let result = run(false);
	if (result.status === 75) {
		log(
			`Another clone is installing ${what} into the shared runtime cache: waiting for it (${lock}).`,
		);
		result = run(true);
	}
	if (result.status !== 0) throw new Error(`installing ${what} failed (exit ${result.status})`);
}
