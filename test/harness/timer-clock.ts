/**
 * A clock made of timers that moves only when told to: what the test clock (clock.ts) and the
 * model checker's simulated time (model/sim-clock.ts) share. They differ in when it moves.
 */
import {
	CancelledError,
	type Clock,
	type TimeLimit,
} from '../../nodes/shared/transport/policy/clock';

interface Timer {
	at: number;
	order: number;
	fire: () => void;
}

export class TimerClock implements Clock {
	protected time: number;
	protected readonly timers = new Set<Timer>();
	private made = 0;

	constructor(
		start: number,
		readonly random: () => number,
	) {
		this.time = start;
	}

	readonly now = () => this.time;

	/** The transport's `pause`: ends after `ms` on this clock, when `early` settles, or (rejecting) when `signal` aborts. */
	readonly pause = async (ms: number, signal?: AbortSignal, early?: Promise<unknown>) =>
		await new Promise<void>((resolve, reject) => {
			if (signal?.aborted) return reject(new CancelledError());
			let timer: Timer | undefined;
			const end = (settle: () => void) => {
				if (timer) this.drop(timer);
				signal?.removeEventListener('abort', onAbort);
				settle();
			};
			const onAbort = () => end(() => reject(new CancelledError()));
			signal?.addEventListener('abort', onAbort, { once: true });
			if (Number.isFinite(ms)) timer = this.at(this.time + Math.max(0, ms), () => end(resolve));
			early?.then(
				() => end(resolve),
				(error: unknown) => end(() => reject(error)),
			);
		});

	readonly timeLimit = (ms: number): TimeLimit => this.limit(ms);

	protected limit(ms: number): TimeLimit {
		const controller = new AbortController();
		const timer = this.at(this.time + ms, () =>
			controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
		);
		return { signal: controller.signal, release: () => this.drop(timer) };
	}

	/** Calls `fire` once the clock reaches `at`. */
	at(at: number, fire: () => void): Timer {
		const timer = { at, order: this.made++, fire };
		this.timers.add(timer);
		this.changed();
		return timer;
	}

	protected drop(timer: Timer) {
		if (this.timers.delete(timer)) this.changed();
	}

	/** Called on every change of the timers; the test clock checks then whether it may move. */
	protected changed() {}

	/** Moves to the earliest timer and fires every one due then; false when none is set. */
	protected fireNext(): boolean {
		const next = [...this.timers].sort((a, b) => a.at - b.at || a.order - b.order)[0];
		if (!next) return false;
		this.time = Math.max(this.time, next.at);
		const due = [...this.timers]
			.filter((timer) => timer.at <= this.time)
			.sort((a, b) => a.at - b.at || a.order - b.order);
		for (const timer of due) {
			this.timers.delete(timer);
			timer.fire();
		}
		return true;
	}
}
