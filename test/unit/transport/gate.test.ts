/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The rate gate shared by all requests of an execution (real time, in milliseconds). Whether a
 * wait ends at once is asked of a test clock (test/harness/clock.ts): on it a wait takes exactly
 * its time, whatever the machine's load.
 */
import { GateShutError, RateGate } from '../../../nodes/shared/transport/policy/gate';
import { CancelledError, REAL_CLOCK } from '../../../nodes/shared/transport/policy/clock';
import { TestClock } from '../../harness/clock';

const gate = () => new RateGate(REAL_CLOCK);
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('open until the first 429: everyone goes at once', async () => {
	const g = gate();
	expect(await Promise.all(Array.from({ length: 50 }, () => g.enter(Infinity)))).toEqual(
		Array(50).fill(0),
	);
});

test('a 429 shuts it for the wait, then lets one through at a time, doubling with each success', async () => {
	const g = gate();
	await g.enter(Infinity);
	const sentAt = Date.now();
	g.release({ sentAt, waitMs: 60 });
	let inside = 0;
	const seen: number[] = []; // how many were inside, each one counted, as each went in
	const entered: number[] = [];
	const waiters = [0, 1, 2].map(async () => {
		await g.enter(Infinity);
		seen.push(++inside);
		entered.push(Date.now());
		await after(40);
		inside--;
		g.release();
	});
	await Promise.all(waiters);
	// One went through after the wait, alone; after its success two went at once.
	expect(entered[0] - sentAt).toBeGreaterThanOrEqual(59);
	expect(seen).toEqual([1, 1, 2]);
	expect(entered[1] - entered[0]).toBeGreaterThanOrEqual(35);
});

test('a refusal counts for the waiters that could have been that request, not for earlier ones', async () => {
	const g = gate();
	await g.enter(Infinity);
	g.release({ sentAt: Date.now(), waitMs: 30 });
	const waiting = [g.enter(Infinity), g.enter(Infinity)];
	// The probe, once the gate opens (either of the two); the other waits for a place.
	const probe = await Promise.race(waiting.map((p, n) => p.then((missed) => ({ n, missed }))));
	expect(probe.missed).toBe(0);
	g.release({ sentAt: Date.now(), waitMs: 20 }); // refused: the other would have been refused too
	expect(await waiting[1 - probe.n]).toBe(1);
	g.release();
	// A refusal of a request sent before a waiter began waiting does not count for it.
	await g.enter(Infinity); // e, sent now
	const eSentAt = Date.now();
	await after(5);
	await g.enter(Infinity); // d
	g.release({ sentAt: Date.now(), waitMs: 30 }); // d refused: shut
	const c = g.enter(Infinity);
	g.release({ sentAt: eSentAt, waitMs: 30 }); // e refused, but it was sent before c waited
	expect(await c).toBe(0);
});

test('shut past the deadline: the wait ends at once with GateShutError', async () => {
	const clock = new TestClock();
	const g = new RateGate(clock);
	await g.enter(Infinity);
	g.release({ sentAt: clock.now(), waitMs: 10_000 });
	const started = clock.now();
	const shut = await g.enter(clock.now() + 5000).catch((error: unknown) => error);
	expect(shut).toBeInstanceOf(GateShutError);
	// Past this request's deadline, not longer than anyone waits: the error says which.
	expect(shut).toMatchObject({ reopensInMs: 10_000, tooLong: false });
	expect(clock.now() - started).toBe(0); // the deadline is 5 s away
});

test('a cancelled execution ends the wait at once', async () => {
	const clock = new TestClock();
	const g = new RateGate(clock);
	await g.enter(Infinity);
	g.release({ sentAt: clock.now(), waitMs: 10_000 });
	const controller = new AbortController();
	void clock.pause(20).then(() => controller.abort());
	const started = clock.now();
	await expect(g.enter(Infinity, controller.signal)).rejects.toBeInstanceOf(CancelledError);
	expect(clock.now() - started).toBe(20); // the gate is shut for 10 s
});

test('shut for longer than the caller may wait at all: fails at once, whatever the deadline', async () => {
	const clock = new TestClock();
	const g = new RateGate(clock);
	await g.enter(Infinity);
	g.release({ sentAt: clock.now(), waitMs: 3_600_000 });
	const started = clock.now();
	const refused = await g.enter(Infinity, undefined, 72_000).catch((error: unknown) => error);
	expect(refused).toBeInstanceOf(GateShutError);
	expect(refused).toMatchObject({ tooLong: true });
	expect((refused as GateShutError).reopensInMs).toBeGreaterThan(3_590_000);
	expect(clock.now() - started).toBe(0); // the gate is shut for an hour
	// Shut for no longer than that: it waits, as before.
	const h = gate();
	await h.enter(Infinity);
	h.release({ sentAt: Date.now(), waitMs: 20 });
	await expect(h.enter(Infinity, undefined, 72_000)).resolves.toBe(0);
});

test('a gate made from an earlier 429 is shut until then, then lets one through at a time', async () => {
	const shutUntil = Date.now() + 30;
	const g = new RateGate(REAL_CLOCK, shutUntil);
	expect(g.width).toBe(1);
	await g.enter(Infinity);
	expect(Date.now()).toBeGreaterThanOrEqual(shutUntil - 1);
	await expect(g.enter(Date.now() + 10)).rejects.toBeInstanceOf(GateShutError); // full: one at a time
	g.release();
	expect(g.width).toBe(2);
});

test('after a 429, each success doubles the width, from one at a time to 32, then it is open', async () => {
	const clock = new TestClock();
	const g = new RateGate(clock, clock.now());
	const widths = [g.width];
	for (let success = 0; success < 7; success++) {
		await g.enter(Infinity);
		g.release();
		widths.push(g.width);
	}
	expect(widths).toEqual([1, 2, 4, 8, 16, 32, Infinity, Infinity]);
});

test('a request waiting for a place gets it when the first one out releases (a gate made shut: the first release woke nobody, and the second model of a trigger poll after a 429 waited out the whole window)', async () => {
	const g = new RateGate(REAL_CLOCK, Date.now() + 20);
	// One at a time: whichever gets in first gives its place back; the other must then get in,
	// well before its deadline (it failed with GateShutError at the deadline before).
	const both = [g.enter(Date.now() + 10_000), g.enter(Date.now() + 10_000)];
	await Promise.race(both);
	await after(100); // the other has found the gate full by now, and waits for a place
	g.release();
	await expect(Promise.all(both)).resolves.toEqual([0, 0]);
});

test('a 429 that asked for longer than the policy waits fails every later request at once, even when the wait is within the jitter allowance (65 s < 72 s)', async () => {
	const g = gate();
	await g.enter(Infinity);
	g.release({ sentAt: Date.now(), waitMs: 65_000, tooLong: true });
	const error = await g.enter(Infinity, undefined, 72_000).catch((e: unknown) => e);
	expect(error).toBeInstanceOf(GateShutError);
	expect((error as GateShutError).tooLong).toBe(true);
	expect(Math.ceil((error as GateShutError).reopensInMs / 1000)).toBe(65);
});

test('after a 429 that asked for too long, requests fail until the moment it named, and from then on go', async () => {
	const clock = new TestClock();
	const g = new RateGate(clock);
	await g.enter(Infinity);
	g.release({ sentAt: clock.now(), waitMs: 65_000, tooLong: true });
	await clock.sleep(64_999);
	await expect(g.enter(Infinity)).rejects.toMatchObject({ reopensInMs: 1, tooLong: true });
	await clock.sleep(1);
	await expect(g.enter(Infinity)).resolves.toBe(0);
});

describe('its bounds, to the millisecond (on the test clock)', () => {
	/** A gate a 429 shut for `waitMs` from now, with none inside. */
	const shutFor = async (waitMs: number) => {
		const clock = new TestClock();
		const g = new RateGate(clock);
		await g.enter(Infinity);
		g.release({ sentAt: clock.now(), waitMs });
		return { clock, g, reopensAt: clock.now() + waitMs };
	};

	test('shut for exactly the longest wait: waited for, and in when it reopens', async () => {
		const { clock, g, reopensAt } = await shutFor(72_000);
		await expect(g.enter(Infinity, undefined, 72_000)).resolves.toBe(0);
		expect(clock.now()).toBe(reopensAt);
	});

	test('shut until exactly the deadline: waited for, and in at the deadline', async () => {
		const { clock, g, reopensAt } = await shutFor(5_000);
		await expect(g.enter(reopensAt)).resolves.toBe(0);
		expect(clock.now()).toBe(reopensAt);
	});

	test("a 429 to a request sent the very millisecond another began to wait counts as that one's attempt too", async () => {
		const clock = new TestClock();
		const g = new RateGate(clock, clock.now()); // one at a time
		await g.enter(Infinity);
		const sentAt = clock.now();
		const waiting = g.enter(Infinity);
		g.release({ sentAt, waitMs: 30 });
		await expect(waiting).resolves.toBe(1);
	});

	test('full, with no place freed: the wait for one ends at the deadline, not later', async () => {
		const { clock, g, reopensAt } = await shutFor(1_000);
		await g.enter(Infinity); // one at a time now, and this one stays inside
		const until = reopensAt + 5_000;
		await expect(g.enter(until)).rejects.toMatchObject({ reopensInMs: 0, tooLong: false });
		expect(clock.now()).toBe(until);
	});
});
