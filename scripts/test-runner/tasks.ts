/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * One step of `npm test` (a tier, a check, an install, an end-to-end suite): a shell command
 * in a process group of its own, its output into a log file of its own (steps side by side
 * never interleave), its wall time, and, for jest, its test counts from jest's JSON report.
 *
 * A step's limits hold without the runner: the command runs under coreutils' `timeout`, which
 * stops the step's whole process group when its time is up (SIGTERM, SIGKILL 10 s later), and
 * util-linux's `setpriv --pdeathsig` has the kernel tell `timeout` when the runner dies, however
 * it dies (a SIGKILL runs no handler), so a runner's steps end with it. Where either tool is
 * missing (macOS), a step runs without it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TaskSpec {
	name: string;
	/** What the summary adds the task's tests and time up under ("unit", "e2e n8n-2", ...). */
	tier: string;
	command: string;
	/** Tasks that must have ended first, whatever their result (one CPU-heavy check after another). */
	after?: string[];
	/** Tasks that must have passed first; if one did not, this one is skipped. */
	needs?: string[];
	env?: Record<string, string>;
	/** An end-to-end suite: started side by side with the others, a few seconds apart. */
	suite?: boolean;
	/** Stopped (and failed) if still running after this long: a hung step cannot hang the run. */
	timeoutMs?: number;
}

const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const TOOLS = { setpriv: onPath('setpriv'), timeout: onPath('timeout') };

/** The command line that runs `script` within its limits (see the header). */
export function limited(
	script: string,
	timeoutMs: number | undefined,
	tools: { setpriv: boolean; timeout: boolean } = TOOLS,
): string[] {
	return [
		...(tools.setpriv ? ['setpriv', '--pdeathsig', 'TERM'] : []),
		// Also without a limit (0 s): `timeout` passes the runner's death on to the whole group.
		...(tools.timeout ? ['timeout', '--kill-after=10s', `${(timeoutMs ?? 0) / 1000}s`] : []),
		'bash',
		'-c',
		script,
	];
}

export interface Counts {
	total: number;
	passed: number;
	failed: number;
	skipped: number;
}

export type State = 'waiting' | 'running' | 'passed' | 'failed' | 'skipped';

export class Task {
	state: State = 'waiting';
	startedAt = 0;
	endedAt = 0;
	exitCode: number | null = null;
	timedOut = false;
	private child?: ChildProcess;

	readonly logFile: string;
	private readonly jsonFile: string;
	private readonly cpuFile: string;

	/** Its log, jest report and CPU time go to `dir`/<name>.log, .json and .cpu. */
	constructor(
		readonly spec: TaskSpec,
		dir: string,
	) {
		const file = (ext: string) => join(dir, `${spec.name.replace(/[^a-z0-9.-]+/gi, '-')}.${ext}`);
		this.logFile = file('log');
		this.jsonFile = file('json');
		this.cpuFile = file('cpu');
	}

	/** Starts the command; `done` is called once it has ended. */
	start(env: NodeJS.ProcessEnv, done: () => void) {
		this.state = 'running';
		this.startedAt = Date.now();
		const log = openSync(this.logFile, 'w');
		const command = this.spec.command.replaceAll('{json}', this.jsonFile);
		// `times` gives the CPU time of everything the command ran and waited for.
		const timed = `${command}\nstatus=$?; times > '${this.cpuFile}'; exit $status`;
		const [program, ...args] = limited(timed, this.spec.timeoutMs);
		this.child = spawn(program, args, {
			env: { ...env, ...this.spec.env },
			stdio: ['ignore', log, log],
			detached: true,
		});
		closeSync(log);
		this.child.on('close', (code, signal) => {
			this.endedAt = Date.now();
			this.exitCode = code ?? (signal ? 128 : 1);
			this.state = code === 0 ? 'passed' : 'failed';
			const limit = this.spec.timeoutMs;
			this.timedOut = code !== 0 && !!limit && this.endedAt - this.startedAt >= limit;
			done();
		});
	}

	/** Sends `signal` to the task's whole process group. */
	signal(signal: NodeJS.Signals) {
		if (this.state !== 'running' || !this.child?.pid) return;
		try {
			process.kill(-this.child.pid, signal);
		} catch {
			// already gone
		}
	}

	get seconds(): number {
		return this.startedAt ? ((this.endedAt || Date.now()) - this.startedAt) / 1000 : 0;
	}

	/** CPU seconds (user and system) of the command and everything it ran, once it has ended. */
	cpuSeconds(): number | undefined {
		if (!existsSync(this.cpuFile)) return undefined;
		const children = readFileSync(this.cpuFile, 'utf8').trim().split('\n').pop() ?? '';
		const times = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
		return times.reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
	}

	/** The counts from jest's JSON report, when the task ran jest with `--json --outputFile={json}`. */
	counts(): Counts | undefined {
		if (!existsSync(this.jsonFile)) return undefined;
		const report = JSON.parse(readFileSync(this.jsonFile, 'utf8'));
		return {
			total: report.numTotalTests,
			passed: report.numPassedTests,
			failed: report.numFailedTests,
			skipped: report.numPendingTests + report.numTodoTests,
		};
	}

	/** What failed, for the closing note: each failed test's name and message, else the log's end. */
	failures(): string {
		if (this.timedOut)
			return `Stopped after ${this.spec.timeoutMs! / 1000} s, its limit; the log's end:\n${tail(readFileSync(this.logFile, 'utf8'), 40)}`;
		if (existsSync(this.jsonFile)) {
			const report = JSON.parse(readFileSync(this.jsonFile, 'utf8'));
			const failed = report.testResults.flatMap((file: any) => [
				...(file.assertionResults.length ? [] : [`${file.name}: ${file.message}`]),
				...file.assertionResults
					.filter((test: any) => test.status === 'failed')
					.map(
						(test: any) => `● ${test.fullName}\n${withoutJest(test.failureMessages.join('\n'))}`,
					),
			]);
			if (failed.length) return failed.map((text: string) => clip(text, 60)).join('\n\n');
		}
		return existsSync(this.logFile) ? tail(readFileSync(this.logFile, 'utf8'), 40) : '';
	}
}

/** A failure message without the stack frames inside node_modules (jest's own, mostly). */
const withoutJest = (text: string) =>
	text
		.split('\n')
		.filter((line) => !/^\s+at .*node_modules/.test(line))
		.join('\n');
const tail = (text: string, lines: number) => text.trimEnd().split('\n').slice(-lines).join('\n');
const clip = (text: string, lines: number) => {
	const all = text.trimEnd().split('\n');
	return all.length <= lines ? all.join('\n') : [...all.slice(0, lines), '  [...]'].join('\n');
};
