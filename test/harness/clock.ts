/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A clock for tests whose subject is a decision about time, not time itself: it moves only when
 * everything it knows of is waiting for it, so a busy machine can make a test slower but cannot
 * make a deadline pass. The node (as its transport's `clock`), the sandbox and its proxies
 * (`clock`) and the test share one. It knows of:
 * - waits (`pause`): the node's retry sleeps, its rate gate, Wait for Completion, a test's sleep;
 * - attempts under way (`timeLimit`): each request the node sent and has no answer to yet;
 * - requests a server holds on it (`hold`): the sandbox's latency, slow answers, hangs.
 * When every attempt under way is held by a server (or none is under way) and that stays so for a
 * few turns of the event loop, the clock jumps to the end of the earliest wait and ends it. Work
 * and HTTP take no time on it; an attempt's time limit is on it too.
 */
import type { TimeLimit } from '../../nodes/shared/transport/policy/clock';
import { TimerClock } from './timer-clock';

/** Turns of the event loop with nothing happening before the clock moves. */
const SETTLE_TURNS = 5;

export class TestClock extends TimerClock {
	/** Attempts under way, and requests a server holds. */
	private attempts = 0;
	private held = 0;
	/** Bumped on every change, so that a check can tell that nothing happened meanwhile. */
	private changes = 0;
	private checking = false;

	constructor(start = Date.now(), random: () => number = Math.random) {
		super(start, random);
	}

	/** A test waits `ms` on this clock (the time it takes to pass is the clock's business). */
	readonly sleep = async (ms: number) => await this.pause(ms);

	/** An attempt's time limit on this clock: the attempt is under way until it ends or is released. */
	protected override limit(ms: number): TimeLimit {
		const controller = new AbortController();
		let open = true;
		const close = () => {
			if (!open) return;
			open = false;
			this.attempts--;
			this.drop(timer);
		};
		const timer = this.at(this.time + ms, () => {
			close();
			controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
		});
		this.attempts++;
		return { signal: controller.signal, release: close };
	}

	/**
	 * A server holds a request for `ms` on this clock (Infinity: until `closed`); it counts as
	 * held, letting the clock move, until then or until its client goes away (`closed`).
	 */
	readonly hold = async (ms: number, closed: Promise<unknown>) => {
		this.held++;
		let holding = true;
		const letGo = () => {
			if (!holding) return;
			holding = false;
			this.held--;
			this.changed();
		};
		void closed.then(letGo, letGo);
		this.changed();
		try {
			await (Number.isFinite(ms) ? this.pause(ms) : closed);
		} finally {
			letGo();
		}
	};

	protected override changed() {
		this.changes++;
		if (this.checking) return;
		this.checking = true;
		setImmediate(() => this.settle(this.changes, SETTLE_TURNS));
	}

	/** Ends the waits that are due, moving the clock to the earliest when nothing else can happen. */
	private settle(seen: number, turns: number) {
		if (this.changes !== seen || turns > 0) {
			const restart = this.changes !== seen;
			setImmediate(() => this.settle(this.changes, restart ? SETTLE_TURNS : turns - 1));
			return;
		}
		this.checking = false;
		const next = [...this.timers].sort((a, b) => a.at - b.at || a.order - b.order)[0];
		if (!next || (next.at > this.time && this.attempts > this.held)) return;
		this.fireNext();
		this.changed();
	}
}
