/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * When each step of `npm test` starts: as soon as the steps it comes after have ended and the
 * steps it needs have passed (a service: is ready); an end-to-end suite also waits for a free
 * place (at most `maxSuites` at once) and starts at least `staggerMs` after the suite before, so
 * that their starts do not all collide. A step that needs one that failed is skipped; the
 * others go on, so one run reports every failure. A service (a shared n8n) is stopped once every
 * step that needs it has ended; a niced step is put back at niceness 0 once the steps it yields
 * to have ended. The decision is `nextMoves` (no processes, no clock of its own);
 * `Schedule` carries it out.
 */
import type { State, Task, TaskSpec } from './tasks';

export interface ScheduleOptions {
	env: NodeJS.ProcessEnv;
	staggerMs: number;
	maxSuites: number;
	/** Told when a task starts or ends. */
	onChange: (task: Task) => void;
	/** Told what became of a task beyond starting and ending (a niced step back at 0). */
	onNote: (task: Task, note: string) => void;
}

export interface Step {
	spec: TaskSpec;
	state: State;
}

export interface Move {
	name: string;
	move: 'start' | 'skip' | 'stop' | 'unnice';
}

const ended = (state?: State) => state === 'passed' || state === 'failed' || state === 'skipped';

/**
 * What to do now with the waiting steps, in their order: `lastSuiteStart` is when the last suite
 * started (ms, on the same clock as `now`).
 */
export function nextMoves(
	steps: Step[],
	now: number,
	lastSuiteStart: number,
	limits: { staggerMs: number; maxSuites: number },
): Move[] {
	const state = new Map(steps.map((step) => [step.spec.name, step.state]));
	let suitesRunning = steps.filter((s) => s.spec.suite && s.state === 'running').length;
	const moves: Move[] = [];
	for (const { spec } of steps.filter((s) => s.state === 'waiting')) {
		const needed = (spec.needs ?? []).map((name) => state.get(name));
		const after = (spec.after ?? []).map((name) => state.get(name));
		if (needed.some((s) => s === 'failed' || s === 'skipped')) {
			moves.push({ name: spec.name, move: 'skip' });
			state.set(spec.name, 'skipped'); // and so are the steps that need this one
			continue;
		}
		if (needed.some((s) => s !== 'passed' && s !== 'ready')) continue;
		if (after.some((s) => !ended(s))) continue;
		if (spec.suite) {
			if (suitesRunning >= limits.maxSuites || now - lastSuiteStart < limits.staggerMs) continue;
			suitesRunning++;
			lastSuiteStart = now;
		}
		moves.push({ name: spec.name, move: 'start' });
	}
	for (const { spec, state: now } of steps.filter((s) => s.spec.service)) {
		if (now !== 'running' && now !== 'ready') continue;
		const users = steps.filter((s) => s.spec.needs?.includes(spec.name));
		if (users.every((user) => ended(state.get(user.spec.name))))
			moves.push({ name: spec.name, move: 'stop' });
	}
	for (const { spec } of steps.filter((s) => s.spec.nice && s.state === 'running'))
		if (spec.nice!.until.every((name) => ended(state.get(name))))
			moves.push({ name: spec.name, move: 'unnice' });
	return moves;
}

export class Schedule {
	private lastSuiteStart = -Infinity;
	private timer?: NodeJS.Timeout;
	private finish?: () => void;
	private stopped = false;
	/** Services already sent SIGTERM, and niced steps already back at 0. */
	private readonly stopping = new Set<string>();
	private readonly unniced = new Set<string>();

	constructor(
		readonly tasks: Task[],
		private readonly options: ScheduleOptions,
	) {
		const names = new Set(tasks.map((task) => task.spec.name));
		for (const task of tasks)
			for (const before of [
				...(task.spec.after ?? []),
				...(task.spec.needs ?? []),
				...(task.spec.nice?.until ?? []),
			])
				if (!names.has(before))
					throw new Error(`${task.spec.name} comes after "${before}", which is no task`);
	}

	/** Runs every task; resolves once none is waiting or running. */
	run(): Promise<void> {
		return new Promise((resolve) => {
			this.finish = resolve;
			this.step();
		});
	}

	/** Starts nothing more, and sends `signal` to every running task. */
	stop(signal: NodeJS.Signals) {
		this.stopped = true;
		for (const task of this.tasks) {
			if (task.state === 'waiting') task.state = 'skipped';
			task.signal(signal);
		}
		this.step();
	}

	private step() {
		clearTimeout(this.timer);
		const now = Date.now();
		for (const task of this.tasks) if (task.becameReady()) this.options.onChange(task);
		const moves = this.stopped ? [] : nextMoves(this.tasks, now, this.lastSuiteStart, this.options);
		for (const { name, move } of moves) {
			const task = this.tasks.find((t) => t.spec.name === name)!;
			if (move === 'stop') {
				if (!this.stopping.has(name)) task.signal('SIGTERM');
				this.stopping.add(name);
				continue;
			}
			if (move === 'unnice') {
				if (!this.unniced.has(name)) this.options.onNote(task, task.unnice());
				this.unniced.add(name);
				continue;
			}
			if (move === 'skip') {
				task.state = 'skipped';
				this.options.onChange(task);
				continue;
			}
			if (task.spec.suite) this.lastSuiteStart = now;
			task.start(this.options.env, () => {
				this.options.onChange(task);
				this.step();
			});
			this.options.onChange(task);
		}
		const open = this.tasks.filter((t) => !ended(t.state));
		if (!open.length) return this.finish?.();
		// A suite held back by the stagger, and a service becoming ready, on this timer; everything
		// else on an ending task.
		if (!this.stopped) this.timer = setTimeout(() => this.step(), 1000);
	}
}
