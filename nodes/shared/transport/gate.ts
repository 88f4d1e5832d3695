/**
 * One gate for every request of a node execution (all items, all pages), so that a 429 slows
 * the node down as a whole. After a 429 the gate stays shut for the Retry-After (with jitter),
 * then lets one request through at a time, doubling the number in flight with each success.
 * While a request waits, each refusal of a request sent after it began waiting counts as one
 * of its own attempts: it would have been refused too. So a service that keeps answering 429
 * sees one probe per Retry-After, not one request per item. Nothing waits in the gate longer than
 * the retry policy would wait for a Retry-After: a request that finds it shut for longer fails at
 * once, as the request that was told to wait so long did.
 */
import type { Chance } from './time';

/**
 * Thrown by `enter` when the gate stays shut past the caller's deadline, or (`tooLong`) for longer
 * than the caller may wait at all.
 */
export class GateShutError extends Error {
	constructor(
		readonly reopensInMs: number,
		readonly tooLong = false,
	) {
		super(`The service is rate limiting; it reopens in ${Math.ceil(reopensInMs / 1000)} s`);
	}
}

interface Waiter {
	since: number;
	missed: number;
}

export class RateGate {
	private shutUntil = 0;
	/** Until when a 429 asked for a wait longer than the policy allows (nobody waits for it). */
	private refusedUntil = 0;
	private limit = Infinity;
	private inFlight = 0;
	private readonly waiting = new Set<Waiter>();
	// `wake` before `changed`: nextChange() sets `wake`, which a later initializer would undo.
	private wake = () => {};
	private changed = this.nextChange();

	/** `shutUntil`: a 429 seen before (a trigger's last poll): shut until then, then one at a time. */
	constructor(
		private readonly chance: Chance,
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

	/** Until when (ms) the last 429 shut the gate; 0 when no 429 came. */
	get shutUntilMs() {
		return this.shutUntil;
	}

	/** Until when (ms) a 429 asked for a wait longer than the policy allows; 0 when none did. */
	get refusedUntilMs() {
		return this.refusedUntil;
	}

	/**
	 * Waits for a turn; resolves with the number of refusals that happened to others while this
	 * request waited (to count as its own attempts). Holds a place until `release` is called. A gate
	 * shut past `until`, or for longer than `longestWaitMs`, fails at once with GateShutError.
	 */
	async enter(until: number, signal?: AbortSignal, longestWaitMs = Infinity): Promise<number> {
		const waiter: Waiter = { since: this.chance.now(), missed: 0 };
		this.waiting.add(waiter);
		try {
			for (;;) {
				const now = this.chance.now();
				if (now < this.refusedUntil) throw new GateShutError(this.refusedUntil - now, true);
				if (now >= this.shutUntil && this.inFlight < this.limit) {
					this.inFlight++;
					return waiter.missed;
				}
				if (now < this.shutUntil) {
					const reopensInMs = this.shutUntil - now;
					if (reopensInMs > longestWaitMs) throw new GateShutError(reopensInMs, true);
					if (this.shutUntil > until) throw new GateShutError(reopensInMs);
					await this.chance.pause(this.shutUntil - now, signal);
				} else {
					// Full: wait for a place to free up, no longer than the deadline.
					await this.chance.pause(until - now, signal, this.changed);
					if (this.chance.now() >= until) throw new GateShutError(0);
				}
			}
		} finally {
			this.waiting.delete(waiter);
		}
	}

	/**
	 * Gives the place back. `refused` when the service answered 429 to a request sent at `sentAt`:
	 * the gate shuts for `waitMs`, then lets one through at a time (`tooLong`: longer than the
	 * policy waits, so every request until then fails at once). Otherwise a success doubles how
	 * many may go at once.
	 */
	release(refused?: { sentAt: number; waitMs: number; tooLong?: boolean }) {
		this.inFlight--;
		if (refused) {
			this.shutUntil = Math.max(this.shutUntil, this.chance.now() + refused.waitMs);
			if (refused.tooLong) this.refusedUntil = this.shutUntil;
			this.limit = 1;
			for (const waiter of this.waiting) if (refused.sentAt >= waiter.since) waiter.missed++;
		} else if (this.limit !== Infinity) {
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
