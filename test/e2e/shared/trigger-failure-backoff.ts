/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * With n8n 2.41's durable poll scheduler: the backoff n8n recorded for each failing trigger of the
 * scenario (trigger-failure.ts), read from its poller_state rows (poller-state.ts), and the ticks
 * it skipped. The refused key is backed off 30 minutes at once (a cause someone must act on), the
 * 429 no sooner than the 120 s its answer asked for, the 500 5 s doubling (three failures in a
 * row: 5, 10, 20 s); the key's trigger polls no more while the 500 fails twice more, and the
 * 429's not before the end n8n recorded (on a loaded machine those failures may take longer).
 */
import type { SharedN8n } from '../../../e2e/shared-n8n';
import type { Sandbox } from '../../../sandbox/server';
import { until } from '../../harness/until';
import { pollerState, type PollerState } from './poller-state';
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
	const polls = (i: number) => sandbox.requests.filter((r) => watched[i].asks(r as any));
	const delays: number[] = []; // the 500's backoff after each failure in a row
	// The 401's and the 429's first failure as n8n recorded it, and their requests until then.
	const first: Array<{ row: PollerState; asked: number } | undefined> = [];
	await until(
		'the 500 has failed three polls in a row, the others one',
		() => {
			const rows = [0, 1, 2].map(state);
			for (const i of [0, 2])
				if (rows[i]?.consecutiveErrors === 1)
					first[i] ??= { row: rows[i]!, asked: asked(watched[i]) };
			const n = rows[1]?.consecutiveErrors ?? 0;
			if (n > delays.length && rows[1]?.backoffUntil)
				delays[n - 1] = rows[1].backoffUntil - rows[1].updatedAt;
			return n >= 3 && first[0] && first[2];
		},
		withinMs,
		{ everyMs: 2000 }, // each read starts a Node.js; the 500's failures come 10 s apart or more
	);
	const [key, limited] = [first[0]!, first[2]!];
	// The refused key: 30 minutes at once, and not one poll since while the 500 failed twice more.
	const keyMs = key.row.backoffUntil! - key.row.updatedAt;
	expect(keyMs).toBe(30 * 60_000);
	expect(asked(watched[0])).toBe(key.asked);
	expect(state(0)).toMatchObject({ consecutiveErrors: 1 });
	// The 429: no sooner than 120 s after it was asked (its answer came after), and no poll before.
	const asked429 = polls(2)[limited.asked - 1];
	const waited = limited.row.backoffUntil! - Date.parse(asked429.time);
	expect(waited).toBeGreaterThanOrEqual(120_000);
	const since = polls(2).slice(limited.asked);
	expect(since.filter((r) => Date.parse(r.time) < limited.row.backoffUntil!)).toEqual([]);
	expect(delays).toEqual([5000, 10_000, 20_000]);
	return `backoff: 401 ${keyMs} ms, 429 ${waited} ms after it was asked, 500 ${delays.join(', ')} ms; ${since.length} polls of the 429's after its backoff`;
}
