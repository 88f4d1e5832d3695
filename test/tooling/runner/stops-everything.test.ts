/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm test stops everything it started (scripts/test-runner/): on Ctrl-C, including a process
 * that left the step's process group (as n8n, Redis and PostgreSQL do), a step past its limit,
 * and every step when the runner itself is killed with SIGKILL. The runner runs for real on a tiny plan of `sleep` steps (`--plan`); every process of a
 * plan carries a marker in its environment, by which the test finds what is left. Linux only
 * (/proc). About 15 s, most of it waiting for the runner's own grace periods.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TaskSpec } from '../../../scripts/test-runner/tasks';
import { processesMentioning } from '../../harness/processes';
import { until } from '../../harness/until';

const root = join(__dirname, '..', '..', '..');
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'aw-runner-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
	child: ChildProcess;
	marker: string;
	output: () => string;
	exit: Promise<number | null>;
}

/** Starts the runner on `steps`, each marked. */
function runner(steps: TaskSpec[]): Run {
	const marker = `AW_RUNNER_TEST=${randomBytes(6).toString('hex')}`;
	const [name, value] = marker.split('=');
	const planFile = join(dir, `${value}.json`);
	writeFileSync(
		planFile,
		JSON.stringify(steps.map((step) => ({ ...step, env: { ...step.env, [name]: value } }))),
	);
	// tsx as a loader, not its CLI (which runs the script in a child): the runner is this process.
	const child = spawn(
		process.execPath,
		[
			'--import',
			'tsx',
			'scripts/test-runner/main.ts',
			'--plan',
			planFile,
			'--logs',
			join(dir, value),
		],
		{ cwd: root, env: { ...process.env, AW_TEST_STAGGER_S: '0' } },
	);
	let output = '';
	child.stdout!.on('data', (chunk) => (output += chunk));
	child.stderr!.on('data', (chunk) => (output += chunk));
	const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
	return { child, marker, output: () => output, exit };
}

const step = (name: string, command: string, more: Partial<TaskSpec> = {}): TaskSpec => ({
	name,
	tier: 'tiny',
	command,
	...more,
});

test('Ctrl-C: every step stops, a process that left its group too, and what was waiting is skipped', async () => {
	const run = runner([
		// `setsid` leaves the step's process group, as a daemon does: only the sweep finds it.
		step('holds', 'setsid sleep 600 & sleep 600'),
		step('suite', 'sleep 600', { suite: true, timeoutMs: 600_000 }),
		step('later', 'true', { after: ['holds'] }),
	]);
	await until('its steps run', () => processesMentioning(run.marker).length >= 3, 60_000, {
		everyMs: 100,
	});
	run.child.kill('SIGINT');
	expect(await run.exit).toBe(130);
	expect(processesMentioning(run.marker)).toEqual([]);
	expect(run.output()).toContain('SIGINT: stopping every step');
	expect(run.output()).toMatch(/later\s+skipped/);
});

test('a step past its limit is stopped with everything it started, and fails saying so', async () => {
	const run = runner([step('slow', 'sleep 600 & sleep 600', { suite: true, timeoutMs: 1000 })]);
	expect(await run.exit).toBe(1);
	expect(processesMentioning(run.marker)).toEqual([]);
	expect(run.output()).toMatch(/FAILED: slow[\s\S]*Stopped after/);
});

test('a runner killed with SIGKILL (no handler runs) leaves no step running past its limit', async () => {
	const run = runner([step('suite', 'sleep 600 & sleep 600', { suite: true, timeoutMs: 3000 })]);
	await until('its steps run', () => processesMentioning(run.marker).length >= 3, 60_000, {
		everyMs: 100,
	});
	const killedAt = Date.now();
	run.child.kill('SIGKILL');
	await run.exit;
	// Its limit is 3 s, and `timeout` gives 10 s after it before SIGKILL: without the limits its
	// steps would sleep 600 s. A minute is far above what a loaded machine needs.
	await until('nothing of it runs', () => processesMentioning(run.marker).length === 0, 60_000, {
		everyMs: 100,
	});
	expect(Date.now() - killedAt).toBeLessThan(60_000);
});
