/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * One step of `npm test` (a tier, a check, an install, an end-to-end suite): a shell command
 * in a process group of its own, within its limits (limits.ts), its output into a log file of its
 * own (steps side by side never interleave), its wall time, and, for jest, its test counts from
 * jest's JSON report (jest-report.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { countsIn, failuresIn, type Counts } from './jest-report';
import { limited } from './limits';

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
	/**
	 * A service (a shared n8n): the steps that need it start once it is ready (`readyFile`
	 * exists), and it is sent SIGTERM once they have all ended; it passes if it then exits 0.
	 */
	service?: boolean;
	readyFile?: string;
	/**
	 * Runs at `niceness` until the steps `until` names have ended, then at 0: it yields to what is
	 * on the way to the end, and is not starved once that is done.
	 */
	nice?: { niceness: number; until: string[] };
}

export type State = 'waiting' | 'running' | 'ready' | 'passed' | 'failed' | 'skipped';

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
		const nice = this.spec.nice ? `nice -n ${this.spec.nice.niceness} ` : '';
		const command = `${nice}${this.spec.command.replaceAll('{json}', this.jsonFile)}`;
		// `times` gives the CPU time of everything the command ran and waited for. The trap keeps
		// the shell alive through a SIGTERM to the step's group until the command has ended
		// (a shared n8n stops with it), so that the CPU time is still written.
		const timed = `trap : TERM\n${command}\nstatus=$?; times > '${this.cpuFile}'; exit $status`;
		const [program, ...args] = limited(
			timed,
			this.spec.timeoutMs,
			undefined,
			this.spec.service ? 60 : 10,
		);
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

	/** A running service whose ready file has appeared: from now on it is `ready`. */
	becameReady(): boolean {
		if (this.state !== 'running' || !this.spec.readyFile || !existsSync(this.spec.readyFile))
			return false;
		this.state = 'ready';
		return true;
	}

	/** Sends `signal` to the task's whole process group. */
	signal(signal: NodeJS.Signals) {
		if ((this.state !== 'running' && this.state !== 'ready') || !this.child?.pid) return;
		try {
			process.kill(-this.child.pid, signal);
		} catch {
			// already gone
		}
	}

	/**
	 * Back to niceness 0, its whole process group (lowering it needs root or CAP_SYS_NICE). Under
	 * Linux's autogroups each step is a session of its own, and a niceness orders only the
	 * processes within it.
	 */
	unnice(): string {
		if (this.state !== 'running' || !this.child?.pid) return 'not running';
		// An absolute priority (`-n 0` adds 0 where POSIXLY_CORRECT is set), then read back.
		const group = String(this.child.pid);
		const result = spawnSync('renice', ['0', '-g', group], { encoding: 'utf8' });
		const now = spawnSync('ps', ['-o', 'ni=', '-g', group], { encoding: 'utf8' }).stdout;
		const niced = now.split('\n').filter((n) => n.trim() && Number(n) !== 0).length;
		return result.status === 0 && !niced
			? 'at niceness 0'
			: `still niced: ${result.stderr.trim() || `${niced} processes`}`;
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
		return countsIn(this.jsonFile);
	}

	/** What failed, for the closing note: each failed test's name and message, else the log's end. */
	failures(): string {
		if (this.timedOut)
			return `Stopped after ${this.spec.timeoutMs! / 1000} s, its limit; the log's end:\n${tail(readFileSync(this.logFile, 'utf8'), 40)}`;
		const failed = failuresIn(this.jsonFile);
		if (failed) return failed;
		const log = existsSync(this.logFile) ? tail(readFileSync(this.logFile, 'utf8'), 40) : '';
		return `Exited with status ${this.exitCode}; the log's end:\n${log}`;
	}
}

const tail = (text: string, lines: number) => text.trimEnd().split('\n').slice(-lines).join('\n');
