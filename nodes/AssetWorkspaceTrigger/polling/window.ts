/**
 * The time a poll may take, and one poll at a time. n8n starts a poll on every tick without
 * waiting for the last, and with durable poll cursors each poll works on its own snapshot of
 * the state: two polls at once could both fire the same event. So a poll of a trigger node
 * that finds another poll of the same node still running in this process returns at once,
 * and every poll ends within its budget: n8n's `getPollBudgetMs()` where it gives one (36 s by
 * default with durable poll cursors), never more than POLL_CEILING_MS (well under n8n's
 * one-minute shortest interval), so the next tick finds it done.
 */
import type { IPollFunctions } from 'n8n-workflow';

/** The longest a poll takes, whatever n8n allows. */
export const POLL_CEILING_MS = 30_000;
/** The share of the budget a poll spends asking; the rest is left for recording and emitting. */
const ASKING_SHARE = 0.9;
/** A poll holding the guard this long is taken for dead (polls end well before it). */
const STALE_AFTER_MS = 4 * POLL_CEILING_MS;

/** Polls under way in this process, by workflow and node, with when they started. */
const running = new Map<string, number>();

export interface PollWindow {
	/** When (ms on the transport's clock, `chance.now`) asking must be over. */
	until: number;
	budgetMs: number;
}

/** The poll's window: n8n's budget where it gives one (n8n 2.x), capped by `ceilingMs`. */
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

/** A trigger node's polls in this process: its workflow's id and its own. */
export const pollKey = (ctx: IPollFunctions) => `${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;

/**
 * Runs `poll` unless another poll of the same node is under way in this process; then answers
 * `busy()` at once.
 */
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
