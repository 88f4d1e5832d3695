/** How long a poll may take: n8n's budget, capped. */
import type { IPollFunctions } from 'n8n-workflow';

/** The longest a poll takes, well under n8n's shortest interval (a minute). */
export const POLL_CEILING_MS = 30_000;
/** The rest of the budget is left for recording and emitting. */
const ASKING_SHARE = 0.9;

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
