/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The real n8n that the end-to-end suite, the workflow runner, the demo, the benchmarks and the
 * screenshots run: n8n and the Node.js it needs (runtime-lines.ts), from
 * e2e/runtimes/<line>/package.json and its lock file, installed on demand once per machine
 * (runtime-install.ts) and linked from e2e/runtimes/<line>/node_modules (ignored; see
 * runtime-cache.ts), and reused when present (runtime-ready.ts).
 *
 * An install holds the lock of its cache folder (`flock`, util-linux: the kernel releases it when
 * the installing process ends, however it ends): a second clone installing the same runtime at
 * once waits for the first, then finds it ready. Where `flock` is missing (macOS), installs are
 * not locked. AW_RUNTIMES_DIR names another folder of lines' package.json and lock files (the
 * lock's own test).
 */
import { FLOCK, holdsLock, installDirOf, underLock } from './runtime-cache';
import { installPackages, installSqlite } from './runtime-install';
import { checkLine, lineDirs, N8N_LINES, runtimeOf, selectedLine } from './runtime-lines';
import type { N8nLine, Runtime } from './runtime-lines';
import { isReady, lockHashOf, marked, readyInCache } from './runtime-ready';
import { ensureSharedSqlite } from './runtime-sqlite';

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
	if (!marked(runtime.dir, 'packages')) installPackages(runtime, installDir, log);
	if (options.packagesOnly) return runtime;
	installSqlite(runtime, installDir, log);
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
