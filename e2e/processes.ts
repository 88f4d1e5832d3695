/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Processes a test starts outside its own process group (n8n runs detached so that n8n and its
 * task runner stop together) go when the test's process goes, however it goes: a killed jest,
 * Ctrl-C, a crash. A small watchdog shell polls the test's process once a second and, when it
 * is gone, kills what it guards. Jest gives a test file no real `process.on('exit')`, and a
 * SIGKILL runs no handler at all, so the watchdog lives outside.
 */
import { spawn } from 'node:child_process';

export interface Guard {
	/** Ends the watchdog (call it once the guarded process has been stopped the normal way). */
	release(): void;
}

/**
 * Kills `pid` (with `group`, its whole process group) with SIGKILL once this process has gone;
 * with `signal`, that signal instead (PostgreSQL's postmaster: SIGQUIT, its immediate shutdown).
 */
export function dieWithThisProcess(
	pid: number,
	options: { group?: boolean; signal?: string } = {},
): Guard {
	const target = options.group ? `-${pid}` : String(pid);
	const watchdog = spawn(
		'sh',
		[
			'-c',
			'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -s "$3" -- "$2" 2>/dev/null',
			'aw-watchdog',
			String(process.pid),
			target,
			options.signal ?? 'KILL',
		],
		{ detached: true, stdio: 'ignore' },
	);
	watchdog.unref();
	return {
		release: () => {
			try {
				process.kill(-watchdog.pid!, 'SIGKILL');
			} catch {
				// already gone
			}
		},
	};
}
