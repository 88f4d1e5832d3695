// One rate gate for every request of an execution: a 429 shuts it for the Retry-After, then one
// request goes at a time, doubling with each success (docs/errors-and-retries.md).
import type { Clock } from './clock';

/** The gate stays shut past the caller's deadline, or (`tooLong`) longer than anyone waits. */
export class GateShutError extends Error {
	constructor(
		readonly reopensInMs: number,
		readonly tooLong = false,
	) {
		// Stryker disable next-line all: never shown; the transport makes its own error of it
		super(`The service is rate limiting; it reopens in ${Math.ceil(reopensInMs / 1000)} s`);
	}
}

interface Waiter {
	since: number;
	missed: number;
}

export class RateGate {
	private shutUntil = 0;
	private refusedUntil = 0;
	private limit = Infinity;
	private inFlight = 0;
	private readonly waiting = new Set<Waiter>();
	// `wake` before `changed`: nextChange() sets `wake`, which a later initializer would undo.
	private wake = () => {};
	private changed = this.nextChange();

	constructor(
		private readonly clock: Clock,
		shutUntil?: number,
	) {
		if (shutUntil !== undefined) {
			this.shutUntil = shutUntil;
			this.limit = 1;
		}
	}

	/** How many requests may be under way now (Infinity until the first 429). */
	get width() {
		return this.limit;
	}

	get shutUntilMs() {
		return this.shutUntil;
	}

	/** Until when (ms) a 429 asked for a wait longer than the policy allows; 0 when none did. */
	get refusedUntilMs() {
		return this.refusedUntil;
	}

	// Resolves with the refusals others met while it waited: they count as this request's attempts.
	async enter(until: number, signal?: AbortSignal, longestWaitMs = Infinity): Promise<number> {
		const waiter: Waiter = { since: this.clock.now(), missed: 0 };
		this.waiting.add(waiter);
		try {
			for (;;) {
				const now = this.clock.now();
				if (now < this.refusedUntil) throw new GateShutError(this.refusedUntil - now, true);
				if (now >= this.shutUntil && this.inFlight < this.limit) {
					this.inFlight++;
					return waiter.missed;
				}
				if (now < this.shutUntil) {
					const reopensInMs = this.shutUntil - now;
					if (reopensInMs > longestWaitMs) throw new GateShutError(reopensInMs, true);
					if (this.shutUntil > until) throw new GateShutError(reopensInMs);
					await this.clock.pause(this.shutUntil - now, signal);
				} else {
					// Full: wait for a place to free up, no longer than the deadline.
					await this.clock.pause(until - now, signal, this.changed);
					if (this.clock.now() >= until) throw new GateShutError(0);
				}
			}
			// Stryker disable next-line BlockStatement: a waiter left behind is never read again
		} finally {
			this.waiting.delete(waiter);
		}
	}

	// A 429 (`refused`) shuts the gate for `waitMs` (`tooLong`: all fail until then); a success doubles.
	release(refused?: { sentAt: number; waitMs: number; tooLong?: boolean }) {
		this.inFlight--;
		if (refused) {
			this.shutUntil = Math.max(this.shutUntil, this.clock.now() + refused.waitMs);
			if (refused.tooLong) this.refusedUntil = this.shutUntil;
			this.limit = 1;
			for (const waiter of this.waiting) if (refused.sentAt >= waiter.since) waiter.missed++;
		} else {
			this.limit = this.limit >= 32 ? Infinity : this.limit * 2;
		}
		this.signal();
	}

	private signal() {
		this.wake();
		this.changed = this.nextChange();
	}

	private nextChange() {
		return new Promise<void>((resolve) => (this.wake = resolve));
	}
}
