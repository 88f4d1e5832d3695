/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Runs npm for a runtime install, saying what it runs; a failure throws with npm's last words. */
import { spawnSync } from 'node:child_process';

export function npm(
	cwd: string,
	args: string[],
	env: NodeJS.ProcessEnv,
	log: (line: string) => void,
) {
	log(`  $ npm ${args.join(' ')}`);
	const result = spawnSync('npm', args, {
		cwd,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (result.status !== 0) {
		throw new Error(
			`npm ${args.join(' ')} failed in ${cwd} (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-4000)}`,
		);
	}
}
