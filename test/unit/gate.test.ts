/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/** The rate gate shared by all requests of an execution (real time, in milliseconds). */
import { GateShutError, RateGate } from '../../nodes/shared/transport/gate';
import { CancelledError, REAL_CHANCE } from '../../nodes/shared/transport/time';

const gate = () => new RateGate(REAL_CHANCE);
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
	const started = Date.now();
	const order: number[] = [];
	const entered: number[] = [];
	const waiters = [0, 1, 2].map(async (n) => {
		await g.enter(Infinity);
		order.push(n);
		entered.push(Date.now());
		await after(40);
		g.release();
	});
	await after(80);
	// One went through after the wait; the others wait for it to come back.
	expect(order).toHaveLength(1);
	expect(Date.now() - started).toBeGreaterThanOrEqual(60);
	await Promise.all(waiters);
	expect(order).toHaveLength(3);
	// After the first success two may go at once: both went when the first came back.
	expect(entered[1] - entered[0]).toBeGreaterThanOrEqual(35);
	expect(entered[2] - entered[1]).toBeLessThan(15);
});

test('a refusal counts for the waiters that could have been that request, not for earlier ones', async () => {
	const g = gate();
	await g.enter(Infinity);
	g.release({ sentAt: Date.now(), waitMs: 30 });
	const a = g.enter(Infinity);
	const b = g.enter(Infinity);
	expect(await a).toBe(0); // the probe, once the gate opens
	const probeSentAt = Date.now();
	g.release({ sentAt: probeSentAt, waitMs: 20 }); // refused: b would have been refused too
	expect(await b).toBe(1);
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
	const g = gate();
	await g.enter(Infinity);
	g.release({ sentAt: Date.now(), waitMs: 10_000 });
	const started = Date.now();
	await expect(g.enter(Date.now() + 1000)).rejects.toBeInstanceOf(GateShutError);
	expect(Date.now() - started).toBeLessThan(50);
});

test('a cancelled execution ends the wait at once', async () => {
	const g = gate();
	await g.enter(Infinity);
	g.release({ sentAt: Date.now(), waitMs: 10_000 });
	const controller = new AbortController();
	setTimeout(() => controller.abort(), 20);
	const started = Date.now();
	await expect(g.enter(Infinity, controller.signal)).rejects.toBeInstanceOf(CancelledError);
	expect(Date.now() - started).toBeLessThan(200);
});

test('24.2 shut for longer than the caller may wait at all: fails at once, whatever the deadline', async () => {
	const g = gate();
	await g.enter(Infinity);
	g.release({ sentAt: Date.now(), waitMs: 3_600_000 });
	const started = Date.now();
	const refused = await g.enter(Infinity, undefined, 72_000).catch((error: unknown) => error);
	expect(refused).toBeInstanceOf(GateShutError);
	expect(refused).toMatchObject({ tooLong: true });
	expect((refused as GateShutError).reopensInMs).toBeGreaterThan(3_599_000);
	expect(Date.now() - started).toBeLessThan(50);
	// Shut for no longer than that: it waits, as before.
	const h = gate();
	await h.enter(Infinity);
	h.release({ sentAt: Date.now(), waitMs: 20 });
	await expect(h.enter(Infinity, undefined, 72_000)).resolves.toBe(0);
});

test('24.1 a gate made from an earlier 429 is shut until then, then lets one through at a time', async () => {
	const g = new RateGate(REAL_CHANCE, Date.now() + 30);
	expect(g.width).toBe(1);
	const started = Date.now();
	await g.enter(Infinity);
	expect(Date.now() - started).toBeGreaterThanOrEqual(25);
	await expect(g.enter(Date.now() + 10)).rejects.toBeInstanceOf(GateShutError); // full: one at a time
	g.release();
	expect(g.width).toBe(2);
});

test('a request waiting for a place gets it when the first one out releases (a gate made shut: the first release woke nobody, and the second model of a trigger poll after a 429 waited out the whole window)', async () => {
	const g = new RateGate(REAL_CHANCE, Date.now() + 20);
	const first = g.enter(Infinity);
	const second = g.enter(Date.now() + 5_000);
	await first;
	const released = Date.now();
	setTimeout(() => g.release(), 10);
	await second;
	expect(Date.now() - released).toBeLessThan(1_000);
});
