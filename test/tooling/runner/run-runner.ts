/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The runner (scripts/test-runner/) run for real on a tiny plan (`--plan`), for the runner's own
 * tests: every process of the plan carries a marker in its environment, by which a test finds
 * what is left (test/harness/processes.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { TaskSpec } from '../../../scripts/test-runner/tasks';

export const ROOT = join(__dirname, '..', '..', '..');

export interface Run {
	child: ChildProcess;
	marker: string;
	/** Where the steps' logs go. */
	logs: string;
	output: () => string;
	exit: Promise<number | null>;
}

/** Starts the runner on `steps`, each marked; its plan and logs go under `dir`. */
export function runner(steps: TaskSpec[], dir: string): Run {
	const marker = `AW_RUNNER_TEST=${randomBytes(6).toString('hex')}`;
	const [name, value] = marker.split('=');
	const planFile = join(dir, `${value}.json`);
	const logs = join(dir, value);
	writeFileSync(
		planFile,
		JSON.stringify(steps.map((step) => ({ ...step, env: { ...step.env, [name]: value } }))),
	);
	// tsx as a loader, not its CLI (which runs the script in a child): the runner is this process.
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'scripts/test-runner/main.ts', '--plan', planFile, '--logs', logs],
		{ cwd: ROOT, env: { ...process.env, AW_TEST_STAGGER_S: '0' } },
	);
	let output = '';
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
	return { child, marker, logs, output: () => output, exit };
}

export const step = (name: string, command: string, more: Partial<TaskSpec> = {}): TaskSpec => ({
	name,
	tier: 'tiny',
	command,
	...more,
});
