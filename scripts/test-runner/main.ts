/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm test: every check, laid out in time so that waiting overlaps.
 *
 * One after another on the CPU: the unit tier, lint, format, type check, the build (packed once
 * for every end-to-end suite), the integration tier. Meanwhile: both n8n runtimes install, and
 * Chromium, Redis and PostgreSQL when missing. Then every end-to-end suite
 * (scripts/test-runner/suites.ts), side by side, each in its own jest process with its own n8n,
 * ports and sandbox, those that wait for n8n's minute ticks first: their waits overlap.
 *
 * Every step logs to tmp/test-logs/<step>.log; the end shows each step's result, when it ran,
 * its wall time and tests, each tier's totals, and what failed. Ctrl-C stops everything it
 * started. AW_TEST_STAGGER_S (default 5) spaces the suites' starts; AW_TEST_MAX_SUITES (default:
 * one per 1.5 GB of memory) caps how many run at once; AW_TEST_SUITE_TIMEOUT_MIN (default 45)
 * stops a suite that runs longer.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { clock, progress, summary } from './report';
import { Schedule } from './schedule';
import { e2eSuites } from './suites';
import { sweep, type Leftover } from './sweep';
import { Task, type TaskSpec } from './tasks';

const ROOT = join(__dirname, '..', '..');
const LOGS = join(ROOT, 'tmp', 'test-logs');
const PACKAGE_DIR = join(ROOT, 'tmp', 'test-package');
const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const TARBALL = join(PACKAGE_DIR, `${name}-${version}.tgz`);
const bin = (tool: string) => join('node_modules', '.bin', tool);
const jestReport = '--ci --json --outputFile={json}';
const SUITE_TIMEOUT_MIN = Number(process.env.AW_TEST_SUITE_TIMEOUT_MIN ?? 45);

function plan(): TaskSpec[] {
	const runtime = `${bin('tsx')} e2e/runtime.ts`;
	const checks: TaskSpec[] = [
		{ name: 'unit', tier: 'unit', command: `npm run test:unit -- ${jestReport}` },
		{ name: 'lint', tier: 'checks', command: 'npm run lint', after: ['unit'] },
		{ name: 'format', tier: 'checks', command: 'npm run format:check', after: ['lint'] },
		{ name: 'typecheck', tier: 'checks', command: 'npm run typecheck', after: ['format'] },
		{
			name: 'build',
			tier: 'checks',
			command: `npm run build && npm pack --silent --pack-destination ${PACKAGE_DIR}`,
			after: ['typecheck'],
		},
		{
			name: 'integration',
			tier: 'integration',
			command: `npm run test:integration -- ${jestReport}`,
			needs: ['build'],
		},
	];
	const setup: TaskSpec[] = [
		// One after the other: both may run apt-get, which allows one at a time.
		{
			name: 'services',
			tier: 'setup',
			command: 'bash scripts/ensure-chromium.sh && bash scripts/ensure-queue-services.sh',
		},
		// Both lines' packages side by side; sqlite3 compiled once, for n8n 1.x's Node.js 20, and
		// reused by n8n 2.x on Node.js 24 (a Node-API module: e2e/runtime-sqlite.ts).
		{ name: 'install n8n-1', tier: 'setup', command: `${runtime} n8n-1` },
		{ name: 'packages n8n-2', tier: 'setup', command: `${runtime} --packages-only n8n-2` },
		{
			name: 'install n8n-2',
			tier: 'setup',
			command: `${runtime} n8n-2`,
			needs: ['packages n8n-2'],
			after: ['install n8n-1'],
		},
	];
	const suites: TaskSpec[] = e2eSuites(ROOT).map((suite) => ({
		name: `e2e ${suite.line} ${suite.name}`,
		tier: `e2e ${suite.line}`,
		// --forceExit: a failed test may leave a sandbox open; its n8n dies with jest (e2e/processes.ts).
		command: `${bin('jest')} --runInBand --forceExit ${jestReport} ${suite.file}`,
		env: {
			AW_N8N_LINE: suite.line,
			AW_PACKAGE_TARBALL: TARBALL,
			...(suite.waitsForTicks ? { AW_WAITS_FOR_TICKS: '1' } : {}),
		},
		needs: ['build', 'services', `install ${suite.line}`],
		// After the integration tier, whose tests keep real deadlines (a 2 s attempt, a 1 s
		// Retry-After): beside all the suites 25 of its 854 tests missed them in a fresh-clone run,
		// beside the eight that wait for ticks (their n8n start-ups) still 5.
		after: ['integration'],
		suite: true,
		timeoutMs: SUITE_TIMEOUT_MIN * 60_000,
	}));
	return [...setup, ...checks, ...suites];
}

/**
 * With `--only <pattern>`: the steps whose names match, and the steps they need (the build, an
 * install): `npm run test:e2e` is `--only "e2e n8n-2"`.
 */
function select(specs: TaskSpec[], pattern?: string): TaskSpec[] {
	if (!pattern) return specs;
	const chosen = new Set(specs.filter((s) => new RegExp(pattern).test(s.name)).map((s) => s.name));
	if (!chosen.size) throw new Error(`--only ${pattern}: no step matches`);
	for (let size = 0; size !== chosen.size; ) {
		size = chosen.size;
		for (const spec of specs.filter((s) => chosen.has(s.name)))
			for (const need of spec.needs ?? []) chosen.add(need);
	}
	return specs
		.filter((s) => chosen.has(s.name))
		.map((s) => ({ ...s, after: s.after?.filter((name) => chosen.has(name)) }));
}

async function main() {
	const { values } = parseArgs({ options: { only: { type: 'string' } } });
	const since = Date.now();
	const runId = `${process.pid}-${since}`;
	const staggerMs = Number(process.env.AW_TEST_STAGGER_S ?? 5) * 1000;
	const maxSuites = Number(
		process.env.AW_TEST_MAX_SUITES ?? Math.max(2, Math.floor(totalmem() / 1.5e9)),
	);
	for (const dir of [LOGS, PACKAGE_DIR]) {
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
	}
	const tasks = select(plan(), values.only).map((spec) => new Task(spec, LOGS));
	const print = (line: string) => process.stdout.write(`${line}\n`);
	print(
		`npm test: ${tasks.length} steps, ${tasks.filter((t) => t.spec.suite).length} of them end-to-end suites (at most ${maxSuites} at once, ${staggerMs / 1000} s apart); logs in tmp/test-logs/`,
	);
	const schedule = new Schedule(tasks, {
		env: { ...process.env, AW_TEST_RUN: runId },
		staggerMs,
		maxSuites,
		onChange: (task) => print(progress(task, since)),
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
	print(summary(tasks, since, ROOT, leftovers, availableParallelism()));
	const passed = !interrupted && tasks.every((task) => task.state === 'passed');
	process.exit(interrupted ? 130 : passed ? 0 : 1);
}

void main();
