/** How long a poll may take, and one poll of a node at a time in this process. */
import type { IPollFunctions } from 'n8n-workflow';

/** The longest a poll takes, well under n8n's shortest interval (a minute). */
export const POLL_CEILING_MS = 30_000;
/** The rest of the budget is left for recording and emitting. */
const ASKING_SHARE = 0.9;
/** A poll holding the guard this long is taken for dead (polls end well before it). */
const STALE_AFTER_MS = 4 * POLL_CEILING_MS;

const running = new Map<string, number>();

export interface PollWindow {
	until: number;
	budgetMs: number;
}

/** n8n's budget where it gives one (n8n 2.x), capped by `ceilingMs`. */
export function pollWindow(
	ctx: IPollFunctions,
	now: number,
	ceilingMs = POLL_CEILING_MS,
): PollWindow {
	const budget = (ctx as { getPollBudgetMs?: () => number }).getPollBudgetMs;
	const given = typeof budget === 'function' ? budget.call(ctx) : Infinity;
	const budgetMs = Math.min(Number.isFinite(given) && given > 0 ? given : Infinity, ceilingMs);
	return { budgetMs, until: now + budgetMs * ASKING_SHARE };
}

export const pollKey = (ctx: IPollFunctions) => `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;

export async function onePollAtATime<T>(
	ctx: IPollFunctions,
	now: number,
	poll: () => Promise<T>,
	busy: () => T,
): Promise<T> {
	const key = pollKey(ctx);
	const since = running.get(key);
	if (since !== undefined && now - since < STALE_AFTER_MS) return busy();
	running.set(key, now);
	try {
		return await poll();
	} finally {
		if (running.get(key) === now) running.delete(key);
	}
}
