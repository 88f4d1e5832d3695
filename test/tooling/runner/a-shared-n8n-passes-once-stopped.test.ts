/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A shared n8n's step passes once its suites have ended and it has stopped, however late it
 * answers the runner's SIGTERM and however long its n8n takes to stop (n8n 1.x waits for its
 * executions), within its grace. The runner runs the plan's own host step (plan.ts: its
 * launcher, limits, ready file) with a stand-in for e2e/n8n-host.ts: it writes the descriptor,
 * answers signals 100 ms late as a process on a loaded machine does, and takes 2 s to stop.
 * Linux only (/proc). About 5 s.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { plan } from '../../../scripts/test-runner/plan';
import { processesMentioning } from '../../harness/processes';
import { runner, step } from './run-runner';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'aw-runner-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STAND_IN = `
const { writeFileSync } = require('node:fs');
const log = (line) => process.stderr.write('[stand-in] ' + line + '\\n');
let stopping = false;
process.on('SIGTERM', () => {
	if (stopping) return;
	stopping = true;
	log('stopping');
	setTimeout(() => { log('stopped'); process.exit(0); }, 2000);
});
setInterval(() => { const end = Date.now() + 100; while (Date.now() < end); }, 1);
writeFileSync(process.argv[process.argv.indexOf('--descriptor') + 1], '{}');
`;

test('a shared n8n that answers its SIGTERM late and stops slowly passes', async () => {
	const standIn = join(dir, 'stand-in.cjs');
	writeFileSync(standIn, STAND_IN);
	const suite = {
		line: 'n8n-1',
		config: 'default',
		restarts: false,
		waitsForTicks: false,
	} as const;
	const [host] = plan({
		suites: [{ ...suite, name: 'x', file: 'x' }],
		tarball: join(dir, 'package.tgz'),
		packageDir: dir,
		suiteTimeoutMin: 1,
		integrationBesideE2e: true,
		hostsDir: dir,
	}).filter((spec) => spec.service);
	expect(host.command).toContain('e2e/n8n-host.ts');
	const run = runner(
		[
			{ ...host, command: host.command.replace('e2e/n8n-host.ts', standIn), needs: [] },
			step('suite', 'true', { needs: [host.name] }),
		],
		dir,
	);
	const code = await run.exit;
	const log = readFileSync(join(run.logs, 'n8n-n8n-1-default.log'), 'utf8');
	expect({ code, log }).toEqual({ code: 0, log: '[stand-in] stopping\n[stand-in] stopped\n' });
	expect(run.output()).toMatch(/n8n n8n-1 default\s+passed/);
	expect(processesMentioning(run.marker)).toEqual([]);
}, 60_000);
