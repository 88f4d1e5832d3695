/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm test stops everything it started (scripts/test-runner/): on Ctrl-C, including a process
 * that left the step's process group (as n8n, Redis and PostgreSQL do), a step past its limit,
 * and every step when the runner itself is killed with SIGKILL. The runner runs for real on a tiny plan of `sleep` steps (`--plan`); every process of a
 * plan carries a marker in its environment, by which the test finds what is left. Linux only
 * (/proc). About 15 s, most of it waiting for the runner's own grace periods.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { processesMentioning } from '../../harness/processes';
import { until } from '../../harness/until';
import { runner as runnerIn, step } from './run-runner';
import type { TaskSpec } from '../../../scripts/test-runner/tasks';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'aw-runner-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runner = (steps: TaskSpec[]) => runnerIn(steps, dir);

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
