/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Whether a runtime is installed as its lock file says: marker files in its node_modules hold
 * the lock file's hash once its packages are in, and once the whole runtime (sqlite3 built) is.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { installDirOf } from './runtime-cache';
import { runtimeOf, type N8nLine, type Runtime } from './runtime-lines';
import { sqliteBinary } from './runtime-sqlite';

export const lockHashOf = (dir: string) =>
	createHash('sha256')
		.update(readFileSync(join(dir, 'package-lock.json')))
		.digest('hex');
const marker = (dir: string, what: 'runtime' | 'packages') =>
	join(dir, 'node_modules', `.asset-workspace-${what}`);
export const marked = (dir: string, what: 'runtime' | 'packages') =>
	existsSync(marker(dir, what)) && readFileSync(marker(dir, what), 'utf8') === lockHashOf(dir);
/** Marks `dir`'s packages or whole runtime as installed from its current lock file. */
export const mark = (dir: string, what: 'runtime' | 'packages') =>
	writeFileSync(marker(dir, what), lockHashOf(dir));

/** The runtime is installed as its lock file says, its sqlite3 built. */
export function isReady(runtime: Runtime): boolean {
	return (
		marked(runtime.dir, 'runtime') &&
		[runtime.n8n, runtime.node, sqliteBinary(runtime.dir)].every((f) => existsSync(f))
	);
}

/** The line's runtime is in the cache, ready (linked from its folder as ensureRuntime links it). */
export function readyInCache(line: N8nLine): boolean {
	const runtime = runtimeOf(line);
	installDirOf(runtime.dir, line, lockHashOf(runtime.dir));
	return isReady(runtime);
}
