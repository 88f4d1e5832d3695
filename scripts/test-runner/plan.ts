/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The steps of `npm test` and what each waits for.
 *
 * From the start: the build (packed once for every end-to-end suite), and one after another the
 * unit tier, lint, format, type check; both n8n runtimes install (their packages side by side,
 * and one sqlite3 build beside them), and Chromium, Redis and PostgreSQL when missing. After the
 * build (seconds in; after the checks, it ended at 0:38), the integration tier. Once the build,
 * the services and a line's runtime are ready: one shared n8n per line and configuration the
 * suites name (e2e/n8n-host.ts), a service step that runs until every suite on it has ended.
 * Every end-to-end suite (suites.ts) starts once its shared n8n is ready, beside the integration
 * tier, whose decisions about time run on a test clock; after it without `integrationBesideE2e`
 * (AW_TEST_INTEGRATION_BESIDE_E2E=0).
 */
import { join } from 'node:path';

import { descriptorFile, hostName, type N8nConfig } from '../../e2e/n8n-configs';
import type { Suite } from './suites';
import type { TaskSpec } from './tasks';

export interface PlanOptions {
	suites: Suite[];
	/** The tarball the build packs and every suite installs. */
	tarball: string;
	packageDir: string;
	suiteTimeoutMin: number;
	integrationBesideE2e: boolean;
	/** Where the shared n8n write their descriptors (AW_N8N_HOSTS), and `ended/` the runner's notes. */
	hostsDir: string;
}

const bin = (tool: string) => `node_modules/.bin/${tool}`;
/**
 * A TypeScript program that is stopped with SIGTERM (a service), with tsx as a loader: tsx's CLI
 * runs it in a child and SIGKILLs that child when it has not answered a relayed signal within
 * 60 ms, as a busy machine's shared n8n may not (the n8n-1 host failed so, mid-stop).
 */
export const service = (script: string) => `node --import tsx ${script}`;
const jestReport = '--ci --json --outputFile={json}';

export function plan(options: PlanOptions): TaskSpec[] {
	const runtime = `${bin('tsx')} e2e/runtime.ts`;
	const shared = options.suites.filter(
		(suite): suite is Suite & { config: N8nConfig } => suite.config !== 'own',
	);
	const hostNames = [...new Set(shared.map((s) => hostName(s.line, s.config)))];
	const setup: TaskSpec[] = [
		// One after the other: both may run apt-get, which allows one at a time.
		{
			name: 'services',
			tier: 'setup',
			command: 'bash scripts/ensure-chromium.sh && bash scripts/ensure-queue-services.sh',
		},
		// sqlite3 beside the lines' packages: compiled once, for the older Node.js, and copied into
		// both (a Node-API module: e2e/runtime-sqlite.ts). A line whose copy is missing (the
		// sqlite3 step failed) compiles its own. Both lines' packages side by side into one npm
		// cache, n8n 1.x's at a lower priority until n8n 2.x's are in: one after the other (so that
		// the 1,226 tarballs they share download once) put 8:16 of installs before n8n 1.x's first
		// suite on an empty machine; at one priority, n8n 2.x's took 5:54 instead of 3:54. With the
		// runtime cache warm both steps are checks of a second.
		{ name: 'sqlite3', tier: 'setup', command: `${runtime} --sqlite` },
		...(['n8n-1', 'n8n-2'] as const).flatMap((line): TaskSpec[] => [
			{
				name: `packages ${line}`,
				tier: 'setup',
				command: `${runtime} --packages-only ${line}`,
				// n8n 2.x's first: its suites take the longest once it is there.
				...(line === 'n8n-1' ? { nice: { niceness: 10, until: ['packages n8n-2'] } } : {}),
			},
			{
				name: `install ${line}`,
				tier: 'setup',
				command: `${runtime} ${line}`,
				needs: [`packages ${line}`],
				after: ['sqlite3'],
			},
		]),
	];
	const checks: TaskSpec[] = [
		{
			name: 'build',
			tier: 'checks',
			command: `npm run build && npm pack --silent --pack-destination ${options.packageDir}`,
		},
		{ name: 'unit', tier: 'unit', command: `npm run test:unit -- ${jestReport}` },
		{ name: 'lint', tier: 'checks', command: 'npm run lint', after: ['unit'] },
		{ name: 'format', tier: 'checks', command: 'npm run format:check', after: ['lint'] },
		{ name: 'typecheck', tier: 'checks', command: 'npm run typecheck', after: ['format'] },
		{
			name: 'integration',
			tier: 'integration',
			command: `npm run test:integration -- ${jestReport}`,
			// At a lower priority while an install, a suite or a shared n8n runs: its decisions about
			// time run on test clocks, while those are on the way to the end; after them, at 0.
			...(options.integrationBesideE2e
				? {
						nice: {
							niceness: 10,
							until: [
								...setup.map((step) => step.name),
								...hostNames,
								...options.suites.map(suiteStep),
							],
						},
					}
				: {}),
			needs: ['build'],
		},
	];
	const hosts: TaskSpec[] = hostNames.map((name) => {
		const on = shared.filter((s) => hostName(s.line, s.config) === name);
		const { line, config } = on[0];
		const descriptor = join(options.hostsDir, descriptorFile(line, config));
		const first = on.filter((s) => s.restarts).map(suiteStep);
		return {
			name,
			tier: `e2e ${line}`,
			command: [
				`${service('e2e/n8n-host.ts')} --line ${line} --config ${config}`,
				`--descriptor ${descriptor} --ended-dir ${join(options.hostsDir, 'ended')}`,
				...(first.length ? [`--first '${first.join(',')}'`] : []),
			].join(' '),
			// Its n8n start-ups take the start slot kept for those whose suites wait for ticks, and
			// two more than the other n8n starts (npm run dev's): the four hosts
			// start side by side, not one after another (the last was ready 2 minutes late).
			env: {
				AW_PACKAGE_TARBALL: options.tarball,
				AW_WAITS_FOR_TICKS: '1',
				AW_N8N_START_SLOTS: '4',
			},
			needs: ['build', 'services', `install ${line}`],
			service: true,
			readyFile: descriptor,
			timeoutMs: options.suiteTimeoutMin * 60_000,
		};
	});
	const suites: TaskSpec[] = options.suites.map((suite) => ({
		name: suiteStep(suite),
		tier: `e2e ${suite.line}`,
		// --forceExit: a failed test may leave a sandbox open; its n8n dies with jest (e2e/processes.ts).
		command: `${bin('jest')} --runInBand --forceExit ${jestReport} ${suite.file}`,
		env: {
			AW_N8N_LINE: suite.line,
			AW_PACKAGE_TARBALL: options.tarball,
			AW_SUITE: suiteStep(suite),
			...(suite.waitsForTicks ? { AW_WAITS_FOR_TICKS: '1' } : {}),
		},
		needs: [
			'build',
			'services',
			`install ${suite.line}`,
			...(suite.config === 'own' ? [] : [hostName(suite.line, suite.config)]),
		],
		// Before the integration tier's deadlines moved to a test clock, 25 of its 854 tests missed
		// them beside all the suites in a fresh-clone run.
		after: options.integrationBesideE2e ? [] : ['integration'],
		suite: true,
		timeoutMs: options.suiteTimeoutMin * 60_000,
	}));
	return [...setup, ...checks, ...hosts, ...suites];
}

const suiteStep = (suite: Suite) => `e2e ${suite.line} ${suite.name}`;

/**
 * With `--only <pattern>`: the steps whose names match, and the steps they need (the build, an
 * install): `npm run test:e2e` is `--only "e2e n8n-2"`.
 */
export function select(specs: TaskSpec[], pattern?: string): TaskSpec[] {
	if (!pattern) return specs;
	const chosen = new Set(specs.filter((s) => new RegExp(pattern).test(s.name)).map((s) => s.name));
	if (!chosen.size) throw new Error(`--only ${pattern}: no step matches`);
	for (let size = 0; size !== chosen.size; ) {
		size = chosen.size;
		for (const spec of specs.filter((s) => chosen.has(s.name)))
			for (const need of spec.needs ?? []) chosen.add(need);
	}
	const kept = (names?: string[]) => names?.filter((name) => chosen.has(name));
	return specs
		.filter((s) => chosen.has(s.name))
		.map(({ nice, ...s }) => ({
			...s,
			after: kept(s.after),
			// Niced only while something it yields to runs too.
			...(nice && kept(nice.until)!.length ? { nice: { ...nice, until: kept(nice.until)! } } : {}),
		}));
}
