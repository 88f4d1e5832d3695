/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * With n8n 2.41's durable poll scheduler: the backoff n8n recorded for each failing trigger of the
 * scenario (trigger-failure.ts), read from its poller_state rows (poller-state.ts), and the ticks
 * it skipped. The refused key is backed off 30 minutes at once (a cause someone must act on), the
 * 429 no sooner than the 120 s its answer asked for, the 500 5 s doubling (three failures in a
 * row: 5, 10, 20 s); neither of the first two polls again while the 500 fails twice more.
 */
import type { SharedN8n } from '../../../e2e/shared-n8n';
import type { Sandbox } from '../../../sandbox/server';
import { until } from '../../harness/until';
import { pollerState } from './poller-state';
import type { Watched } from './trigger-failure-workflows';

interface Scenario {
	n8n: SharedN8n;
	sandbox: Sandbox;
	/** The watched workflows' ids, in the order of `watched`: 401, 500, 429. */
	ids: string[];
	watched: Watched[];
	/** How many requests of a trigger's polls the sandbox has seen. */
	asked: (w: Watched) => number;
}

/** Asserts the backoff of each cause; returns what was measured, in words. */
export async function backedOffByCause(
	{ n8n, sandbox, ids, watched, asked }: Scenario,
	withinMs: number,
): Promise<string> {
	const state = (i: number) => pollerState(n8n, ids[i], watched[i].nodeId);
	const delays: number[] = []; // the 500's backoff after each failure in a row
	const settledAsked: number[] = []; // the 401's and the 429's requests once each failed
	await until(
		'the 500 has failed three polls in a row, the others one',
		() => {
			const [key, down, limited] = [0, 1, 2].map(state);
			if (key?.consecutiveErrors === 1) settledAsked[0] ??= asked(watched[0]);
			if (limited?.consecutiveErrors === 1) settledAsked[2] ??= asked(watched[2]);
			const n = down?.consecutiveErrors ?? 0;
			if (n > delays.length && down?.backoffUntil)
				delays[n - 1] = down.backoffUntil - down.updatedAt;
			return n >= 3 && settledAsked[0] !== undefined && settledAsked[2] !== undefined;
		},
		withinMs,
		{ everyMs: 2000 }, // each read starts a Node.js; the 500's failures come 10 s apart or more
	);
	const [key, , limited] = [0, 1, 2].map(state);
	// Skipped ticks: neither backed-off trigger polled while the 500 failed twice more.
	expect([asked(watched[0]), asked(watched[2])]).toEqual([settledAsked[0], settledAsked[2]]);
	expect(key).toMatchObject({ consecutiveErrors: 1 });
	const keyMs = key!.backoffUntil! - key!.updatedAt;
	expect(keyMs).toBe(30 * 60_000);
	// No sooner than 120 s after the 429 was asked for (its answer came after).
	const answered429 = sandbox.requests.filter((r) => watched[2].asks(r as any)).at(-1)!;
	const waited = limited!.backoffUntil! - Date.parse(answered429.time);
	expect(limited).toMatchObject({ consecutiveErrors: 1 });
	expect(waited).toBeGreaterThanOrEqual(120_000);
	expect(delays).toEqual([5000, 10_000, 20_000]);
	return `backoff: 401 ${keyMs} ms, 429 ${waited} ms after it was asked, 500 ${delays.join(', ')} ms`;
}
