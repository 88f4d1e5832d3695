/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * When each step of `npm test` starts: as soon as the steps it comes after have ended and the
 * steps it needs have passed; an
 * end-to-end suite also waits for a free place (at most `maxSuites` at once) and starts at
 * least `staggerMs` after the suite before, so that n8n start-ups (CPU-heavy) do not all
 * collide. A step that needs one that failed is skipped; the others go on, so one run reports
 * every failure.
 */
import type { Task } from './tasks';

export interface ScheduleOptions {
	env: NodeJS.ProcessEnv;
	staggerMs: number;
	maxSuites: number;
	/** Told when a task starts or ends. */
	onChange: (task: Task) => void;
}

export class Schedule {
	private lastSuiteStart = 0;
	private timer?: NodeJS.Timeout;
	private finish?: () => void;
	private stopped = false;

	constructor(
		readonly tasks: Task[],
		private readonly options: ScheduleOptions,
	) {
		const names = new Set(tasks.map((task) => task.spec.name));
		for (const task of tasks)
			for (const before of [...(task.spec.after ?? []), ...(task.spec.needs ?? [])])
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

	private state(name: string) {
		return this.tasks.find((task) => task.spec.name === name)!.state;
	}

	private step() {
		clearTimeout(this.timer);
		for (const task of this.tasks.filter((t) => t.state === 'waiting')) {
			const needed = (task.spec.needs ?? []).map((name) => this.state(name));
			const after = (task.spec.after ?? []).map((name) => this.state(name));
			if (needed.some((state) => state === 'failed' || state === 'skipped')) {
				task.state = 'skipped';
				this.options.onChange(task);
			} else if (
				[...needed, ...after].every((state) => state !== 'waiting' && state !== 'running') &&
				this.mayStart(task)
			) {
				if (task.spec.suite) this.lastSuiteStart = Date.now();
				task.start(this.options.env, () => {
					this.options.onChange(task);
					this.step();
				});
				this.options.onChange(task);
			}
		}
		const open = this.tasks.filter((t) => t.state === 'waiting' || t.state === 'running');
		if (!open.length) return this.finish?.();
		// A suite held back by the stagger starts on this timer; everything else on an ending task.
		if (!this.stopped) this.timer = setTimeout(() => this.step(), 1000);
	}

	private mayStart(task: Task): boolean {
		if (this.stopped) return false;
		if (!task.spec.suite) return true;
		const suitesRunning = this.tasks.filter((t) => t.spec.suite && t.state === 'running').length;
		return (
			suitesRunning < this.options.maxSuites &&
			Date.now() - this.lastSuiteStart >= this.options.staggerMs
		);
	}
}
