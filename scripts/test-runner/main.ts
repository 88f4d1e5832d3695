/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm test: every check, laid out in time so that waiting overlaps (the steps: plan.ts; when
 * each starts: schedule.ts).
 *
 * Every step logs to tmp/test-logs/<step>.log; the end shows each step's result, when it ran,
 * its wall and CPU time and tests, each tier's totals, the n8n processes started, and what
 * failed. Ctrl-C stops everything it started. AW_TEST_STAGGER_S (default 2: a suite starts jest,
 * not n8n) spaces the suites' starts; AW_TEST_MAX_SUITES (default: one per 0.5 GB of memory)
 * caps how many run at once; AW_TEST_SUITE_TIMEOUT_MIN (default 45)
 * stops a suite that runs longer; AW_TEST_INTEGRATION_BESIDE_E2E=0 starts the suites only after
 * the integration tier. `--only <pattern>` runs the matching steps and what they need; `--plan
 * <file.json>` runs the steps a file lists instead, with `--logs <dir>` for their logs (the
 * runner's own tests).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

import { endedNote } from '../../e2e/n8n-configs';
import { countN8nProcesses } from '../../e2e/n8n-ledger';
import { countFolders, describeShare } from '../comment-share';
import { plan, select } from './plan';
import { clock, progress, summary } from './report';
import { Schedule } from './schedule';
import { e2eSuites } from './suites';
import { sweep, type Leftover } from './sweep';
import { Task, type TaskSpec } from './tasks';

const ROOT = join(__dirname, '..', '..');
const LOGS = join(ROOT, 'tmp', 'test-logs');
const PACKAGE_DIR = join(ROOT, 'tmp', 'test-package');

function steps(hostsDir: string, planFile?: string): TaskSpec[] {
	if (planFile) return JSON.parse(readFileSync(planFile, 'utf8'));
	const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
	return plan({
		suites: e2eSuites(ROOT),
		tarball: join(PACKAGE_DIR, `${name}-${version}.tgz`),
		packageDir: PACKAGE_DIR,
		suiteTimeoutMin: Number(process.env.AW_TEST_SUITE_TIMEOUT_MIN ?? 45),
		integrationBesideE2e: process.env.AW_TEST_INTEGRATION_BESIDE_E2E !== '0',
		hostsDir,
	});
}

async function main() {
	const { values } = parseArgs({
		options: { only: { type: 'string' }, plan: { type: 'string' }, logs: { type: 'string' } },
	});
	const since = Date.now();
	const runId = `${process.pid}-${since}`;
	const staggerMs = Number(process.env.AW_TEST_STAGGER_S ?? 2) * 1000;
	// A suite is a jest process of about 100 MB beside the shared n8n it uses: at npm test's
	// busiest, 16 suites' processes took 1.5 GB of 11.4 GB (8 n8n processes: 4.7 GB; Chromium).
	const maxSuites = Number(
		process.env.AW_TEST_MAX_SUITES ?? Math.max(2, Math.floor(totalmem() / 0.5e9)),
	);
	const logs = values.logs ?? LOGS;
	for (const dir of values.plan ? [logs] : [logs, PACKAGE_DIR]) {
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
	}
	// The shared n8n's descriptors, the notes of ended suites they read, and every n8n process started.
	const hostsDir = join(logs, 'n8n-hosts');
	mkdirSync(join(hostsDir, 'ended'), { recursive: true });
	const ledger = join(logs, 'n8n-processes.tsv');
	const all = steps(hostsDir, values.plan);
	const tasks = select(all, values.only).map((spec) => new Task(spec, logs));
	const noteEnded = (name: string) => writeFileSync(endedNote(join(hostsDir, 'ended'), name), '');
	// A suite left out by --only never comes: a shared n8n that lets it restart first must not wait.
	for (const spec of all.filter((s) => s.suite && !tasks.some((t) => t.spec.name === s.name)))
		noteEnded(spec.name);
	const print = (line: string) => process.stdout.write(`${line}\n`);
	print(
		`npm test: ${tasks.length} steps, ${tasks.filter((t) => t.spec.suite).length} of them end-to-end suites (at most ${maxSuites} at once, ${staggerMs / 1000} s apart); logs in ${relative(ROOT, logs)}/`,
	);
	const schedule = new Schedule(tasks, {
		env: { ...process.env, AW_TEST_RUN: runId, AW_N8N_HOSTS: hostsDir, AW_N8N_LEDGER: ledger },
		staggerMs,
		maxSuites,
		onChange: (task) => {
			print(progress(task, since));
			if (task.spec.suite && ['passed', 'failed', 'skipped'].includes(task.state))
				noteEnded(task.spec.name);
		},
		onNote: (task, note) =>
			print(`[${clock((Date.now() - since) / 1000)}] ${task.spec.name}: ${note}`),
	});

	let interrupted = false;
	const interrupt = (signal: NodeJS.Signals) => {
		if (interrupted) return;
		interrupted = true;
		print(`[${clock((Date.now() - since) / 1000)}] ${signal}: stopping every step`);
		schedule.stop('SIGTERM');
		setTimeout(() => schedule.stop('SIGKILL'), 10_000).unref();
	};
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, interrupt);

	await schedule.run();
	const leftovers: Leftover[] = await sweep(runId, 5_000);
	print(summary(tasks, since, ROOT, leftovers, availableParallelism(), countN8nProcesses(ledger)));
	// Held to 10 % by test/tooling/structure/comment-share.test.ts; the figure, for the reader.
	print(describeShare(countFolders(ROOT)));
	const passed = !interrupted && tasks.every((task) => task.state === 'passed');
	process.exit(interrupted ? 130 : passed ? 0 : 1);
}

void main();
