/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Runs one of the project's TypeScript scripts with tsx, as `npm run` would, without blocking this process. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export interface ScriptResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

export function runScript(script: string, args: string[] = []): Promise<ScriptResult> {
	const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
