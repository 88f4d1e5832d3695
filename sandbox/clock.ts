/**
 * The sandbox's time: the real clock, or a test's (test/harness/clock.ts), which then also tells
 * its times (jobs' steps, `updatedAt`, the Date header, the request log) and its waits (latency,
 * slow answers, hangs).
 */
import { sleep } from './http';

export interface SandboxClock {
	now(): number;
	/** Holds a request for `ms` (Infinity: until `closed`, its client gone). */
	hold(ms: number, closed: Promise<unknown>): Promise<void>;
}

export const REAL_CLOCK: SandboxClock = {
	now: () => Date.now(),
	hold: async (ms, closed) => {
		await (Number.isFinite(ms) ? sleep(ms) : closed);
	},
};
