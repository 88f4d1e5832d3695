/**
 * npm test's schedule (scripts/test-runner/plan.ts, schedule.ts, suites.ts, limits.ts): what each
 * step waits for, what starts next, which suites run on which n8n line and shared n8n, when a
 * shared n8n stops, and the command line that holds a step to its limit without the runner. Pure
 * decisions: no process is started.
 */
import { limited } from '../../../scripts/test-runner/limits';
import { plan, select } from '../../../scripts/test-runner/plan';
import { nextMoves, type Step } from '../../../scripts/test-runner/schedule';
import { configOf, linesOf, type Suite } from '../../../scripts/test-runner/suites';
import type { State, TaskSpec } from '../../../scripts/test-runner/tasks';

const LIMITS = { staggerMs: 5000, maxSuites: 2 };
const spec = (name: string, more: Partial<TaskSpec> = {}): TaskSpec => ({
	name,
	tier: 't',
	command: 'true',
	...more,
});
const steps = (...pairs: Array<[TaskSpec, State]>): Step[] =>
	pairs.map(([s, state]) => ({ spec: s, state }));

describe('what starts next', () => {
	test('a step starts once the steps it comes after have ended, whatever their result', () => {
		const lint = spec('lint', { after: ['unit'] });
		expect(nextMoves(steps([spec('unit'), 'running'], [lint, 'waiting']), 0, 0, LIMITS)).toEqual(
			[],
		);
		expect(nextMoves(steps([spec('unit'), 'failed'], [lint, 'waiting']), 0, 0, LIMITS)).toEqual([
			{ name: 'lint', move: 'start' },
		]);
	});

	test('a step that needs a failed or skipped one is skipped, and so are the steps that need it', () => {
		const integration = spec('integration', { needs: ['build'] });
		const suite = spec('e2e', { needs: ['integration'], suite: true });
		const moves = nextMoves(
			steps([spec('build'), 'failed'], [integration, 'waiting'], [suite, 'waiting']),
			0,
			-Infinity,
			LIMITS,
		);
		expect(moves).toEqual([
			{ name: 'integration', move: 'skip' },
			{ name: 'e2e', move: 'skip' },
		]);
	});

	test('suites start one stagger apart, at most maxSuites at once, in their order', () => {
		const [a, b, c] = ['a', 'b', 'c'].map((name) => spec(name, { suite: true }));
		const waiting = steps([a, 'waiting'], [b, 'waiting'], [c, 'waiting']);
		expect(nextMoves(waiting, 10_000, -Infinity, LIMITS)).toEqual([{ name: 'a', move: 'start' }]);
		const oneRunning = steps([a, 'running'], [b, 'waiting'], [c, 'waiting']);
		expect(nextMoves(oneRunning, 14_999, 10_000, LIMITS)).toEqual([]);
		expect(nextMoves(oneRunning, 15_000, 10_000, LIMITS)).toEqual([{ name: 'b', move: 'start' }]);
		const twoRunning = steps([a, 'running'], [b, 'running'], [c, 'waiting']);
		expect(nextMoves(twoRunning, 60_000, 15_000, LIMITS)).toEqual([]);
		const oneEnded = steps([a, 'passed'], [b, 'running'], [c, 'waiting']);
		expect(nextMoves(oneEnded, 60_000, 15_000, LIMITS)).toEqual([{ name: 'c', move: 'start' }]);
	});

	test('steps that are not suites start side by side, with no stagger', () => {
		const moves = nextMoves(steps([spec('x'), 'waiting'], [spec('y'), 'waiting']), 0, 0, LIMITS);
		expect(moves.map((m) => m.name)).toEqual(['x', 'y']);
	});

	test('a step that needs a service starts once it is ready; the service stops once every step that needs it has ended', () => {
		const host = spec('n8n', { service: true });
		const [a, b] = ['a', 'b'].map((name) => spec(name, { needs: ['n8n'] }));
		expect(nextMoves(steps([host, 'running'], [a, 'waiting']), 0, 0, LIMITS)).toEqual([]);
		expect(nextMoves(steps([host, 'ready'], [a, 'waiting']), 0, 0, LIMITS)).toEqual([
			{ name: 'a', move: 'start' },
		]);
		expect(nextMoves(steps([host, 'ready'], [a, 'passed'], [b, 'running']), 0, 0, LIMITS)).toEqual(
			[],
		);
		expect(nextMoves(steps([host, 'ready'], [a, 'failed'], [b, 'skipped']), 0, 0, LIMITS)).toEqual([
			{ name: 'n8n', move: 'stop' },
		]);
		// A service does not count among the suites, nor hold their place.
		const suite = spec('s', { suite: true, needs: ['n8n'] });
		const full = { ...LIMITS, maxSuites: 1 };
		expect(nextMoves(steps([host, 'ready'], [suite, 'waiting']), 0, -Infinity, full)).toEqual([
			{ name: 's', move: 'start' },
		]);
	});

	test('a service that failed skips the steps still waiting for it', () => {
		const a = spec('a', { needs: ['n8n'] });
		expect(
			nextMoves(steps([spec('n8n', { service: true }), 'failed'], [a, 'waiting']), 0, 0, LIMITS),
		).toEqual([{ name: 'a', move: 'skip' }]);
	});
});

describe("npm test's plan", () => {
	const suite = (name: string, line: Suite['line'], more: Partial<Suite> = {}): Suite => ({
		name,
		file: `test/e2e/${name}.e2e.test.ts`,
		line,
		config: 'default',
		restarts: false,
		waitsForTicks: false,
		...more,
	});
	const suites: Suite[] = [
		suite('trigger', 'n8n-2', { restarts: true, waitsForTicks: true }),
		suite('trigger', 'n8n-1', { restarts: true, waitsForTicks: true }),
		suite('trigger-durable', 'n8n-2', { config: 'durable', restarts: true, waitsForTicks: true }),
		suite('examples', 'n8n-2'),
		suite('dev', 'n8n-2', { config: 'own' }),
	];
	const options = {
		suites,
		tarball: '/p/x.tgz',
		packageDir: '/p',
		suiteTimeoutMin: 45,
		integrationBesideE2e: false,
		hostsDir: '/h',
	};
	const named = (specs: TaskSpec[], name: string) => specs.find((s) => s.name === name)!;

	test('a suite needs the build, the services, its own line’s runtime and its shared n8n, and stops after its limit', () => {
		const trigger1 = named(plan(options), 'e2e n8n-1 trigger');
		expect(trigger1.needs).toEqual(['build', 'services', 'install n8n-1', 'n8n n8n-1 default']);
		expect(trigger1.env).toEqual({
			AW_N8N_LINE: 'n8n-1',
			AW_PACKAGE_TARBALL: '/p/x.tgz',
			AW_SUITE: 'e2e n8n-1 trigger',
			AW_WAITS_FOR_TICKS: '1',
		});
		expect(trigger1.timeoutMs).toBe(45 * 60_000);
		expect(named(plan(options), 'e2e n8n-2 examples').env).not.toHaveProperty('AW_WAITS_FOR_TICKS');
		expect(named(plan(options), 'e2e n8n-2 dev').needs).toEqual([
			'build',
			'services',
			'install n8n-2',
		]);
	});

	test('one shared n8n per line and configuration the suites name, a service ready once its descriptor is written; the suites that restart it go first', () => {
		const hosts = plan(options).filter((s) => s.service);
		expect(hosts.map((s) => s.name)).toEqual([
			'n8n n8n-2 default',
			'n8n n8n-1 default',
			'n8n n8n-2 durable',
		]);
		const host = named(hosts, 'n8n n8n-2 default');
		expect(host).toMatchObject({
			tier: 'e2e n8n-2',
			needs: ['build', 'services', 'install n8n-2'],
			readyFile: '/h/n8n-2-default.json',
			timeoutMs: 45 * 60_000,
		});
		expect(host.command).toBe(
			"node --import tsx e2e/n8n-host.ts --line n8n-2 --config default --descriptor /h/n8n-2-default.json --ended-dir /h/ended --first 'e2e n8n-2 trigger'",
		);
		expect(named(hosts, 'n8n n8n-2 durable').command).toContain(
			"--first 'e2e n8n-2 trigger-durable'",
		);
	});

	test('the build starts first, beside the unit tier, and the checks follow that tier one after another: the shared n8n and the integration tier wait for the build alone', () => {
		const specs = plan(options);
		const first = specs.findIndex((s) => s.tier !== 'setup'); // the first step after the set-up's
		expect(specs.map((s) => s.name).slice(first, first + 5)).toEqual([
			'build',
			'unit',
			'lint',
			'format',
			'typecheck',
		]);
		expect([named(specs, 'build').after, named(specs, 'unit').after]).toEqual([
			undefined,
			undefined,
		]);
		expect(['lint', 'format', 'typecheck'].map((step) => named(specs, step).after)).toEqual([
			['unit'],
			['lint'],
			['format'],
		]);
		expect(named(specs, 'integration').needs).toEqual(['build']);
		expect(named(specs, 'integration').after).toBeUndefined();
	});

	test('both lines install their packages side by side, beside the one sqlite3 build, then each line copies that build', () => {
		const specs = plan(options);
		for (const step of ['sqlite3', 'packages n8n-2', 'packages n8n-1'])
			expect([named(specs, step).after, named(specs, step).needs]).toEqual([undefined, undefined]);
		// after, not needs: a line whose copy is missing compiles its own
		for (const line of ['n8n-1', 'n8n-2'])
			expect(named(specs, `install ${line}`)).toMatchObject({
				needs: [`packages ${line}`],
				after: ['sqlite3'],
			});
	});

	test('the suites run beside the integration tier, or after it with the setting off', () => {
		for (const suite of plan({ ...options, integrationBesideE2e: true }).filter((s) => s.suite))
			expect(suite.after).toEqual([]);
		for (const suite of plan(options).filter((s) => s.suite))
			expect(suite.after).toEqual(['integration']);
	});

	test('--only keeps the matching steps and what they need, and drops orderings on the others', () => {
		const chosen = select(plan(options), '^e2e n8n-2 trigger$');
		expect(chosen.map((s) => s.name).sort()).toEqual(
			[
				'build',
				'e2e n8n-2 trigger',
				'install n8n-2',
				'n8n n8n-2 default',
				'packages n8n-2',
				'services',
			].sort(),
		);
		expect(named(select(plan(options), '^lint$'), 'lint').after).toEqual([]); // after unit
		expect(named(chosen, 'e2e n8n-2 trigger').after).toEqual([]);
		expect(() => select(plan(options), 'nothing like it')).toThrow(/no step matches/);
	});

	test('the integration tier yields to every install, suite and shared n8n (beside them only); n8n 1.x’s packages to n8n 2.x’s', () => {
		const specs = plan({ ...options, integrationBesideE2e: true });
		const yieldsTo = named(specs, 'integration').nice!.until;
		expect(yieldsTo.sort()).toEqual(
			specs
				.filter((s) => s.suite || s.service || s.tier === 'setup')
				.map((s) => s.name)
				.sort(),
		);
		expect(named(plan(options), 'integration').nice).toBeUndefined(); // after the suites
		expect(named(specs, 'packages n8n-1').nice).toEqual({
			niceness: 10,
			until: ['packages n8n-2'],
		});
		expect(named(specs, 'packages n8n-2').nice).toBeUndefined();
		// --only: with nothing it yields to, it is not niced
		expect(named(select(specs, '^integration$'), 'integration').nice).toBeUndefined();
	});
});

describe('a niced step', () => {
	test('goes back to niceness 0 once every step it yields to has ended, not before', () => {
		const host = spec('n8n n8n-2 default', { service: true });
		const suite = spec('e2e n8n-2 trigger', { suite: true, needs: [host.name] });
		const integration = spec('integration', {
			nice: { niceness: 10, until: [host.name, suite.name] },
		});
		const at = (hostState: State, suiteState: State) =>
			nextMoves(
				steps([integration, 'running'], [host, hostState], [suite, suiteState]),
				0,
				0,
				LIMITS,
			).filter((m) => m.move === 'unnice');
		expect(at('ready', 'running')).toEqual([]);
		expect(at('ready', 'passed')).toEqual([]); // the host is being stopped: it still runs
		expect(at('passed', 'failed')).toEqual([{ name: 'integration', move: 'unnice' }]);
	});
});

describe('the lines and the n8n a suite runs on', () => {
	test('its header’s @n8n-lines, else n8n 2.x only; an unknown line is refused', () => {
		expect(linesOf('/**\n * @n8n-lines n8n-2 n8n-1\n */', 'a')).toEqual(['n8n-2', 'n8n-1']);
		expect(linesOf('/** no tag */', 'b')).toEqual(['n8n-2']);
		expect(() => linesOf(' * @n8n-lines n8n-3', 'c.e2e.test.ts')).toThrow(/c\.e2e\.test\.ts/);
	});

	test('its header’s @n8n-config, else the default one; own; one the line lacks is refused', () => {
		expect(configOf(' * @n8n-config queue\n', 'a', 'n8n-2')).toBe('queue');
		expect(configOf('/** no tag */', 'b', 'n8n-1')).toBe('default');
		expect(configOf(' * @n8n-config own\n', 'c', 'n8n-2')).toBe('own');
		expect(() => configOf(' * @n8n-config durable\n', 'd.e2e.test.ts', 'n8n-1')).toThrow(
			/d\.e2e\.test\.ts: @n8n-config: durable runs on n8n-2 only/,
		);
		expect(() => configOf(' * @n8n-config fast\n', 'e', 'n8n-2')).toThrow(/no configuration/);
	});
});

describe('a step’s limits hold without the runner', () => {
	test('timeout stops its group at the limit (or passes signals on, with no limit); setpriv ties it to the runner’s life', () => {
		const both = { setpriv: true, timeout: true };
		expect(limited('npm test', 2_700_000, both)).toEqual([
			...['setpriv', '--pdeathsig', 'TERM'],
			...['timeout', '--kill-after=10s', '2700s'],
			...['bash', '-c', 'npm test'],
		]);
		expect(limited('lint', undefined, both).slice(3, 6)).toEqual([
			'timeout',
			'--kill-after=10s',
			'0s',
		]);
		expect(limited('lint', 1000, { setpriv: false, timeout: false })).toEqual([
			'bash',
			'-c',
			'lint',
		]);
	});
});
