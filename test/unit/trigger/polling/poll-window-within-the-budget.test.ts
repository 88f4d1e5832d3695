/**
 * A poll's window (polling/window.ts): n8n's budget where n8n 2.x gives one, capped by the
 * ceiling, and the ceiling where it gives none or none that makes sense; asking ends at 90 % of
 * it, the rest left for recording and emitting. Pure: well under a second.
 */
import type { IPollFunctions } from 'n8n-workflow';

import {
	POLL_CEILING_MS,
	pollWindow,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/window';

const NOW = Date.parse('2026-11-24T10:00:00Z');
/** A poll's context as n8n 2.x gives it: its budget read from the context itself. */
const budgeted = (budgetMs: number) =>
	({
		budgetMs,
		getPollBudgetMs(this: { budgetMs: number }) {
			return this.budgetMs;
		},
	}) as unknown as IPollFunctions;

test('n8n 1.x gives no budget: the ceiling, 30 s unless given', () => {
	const n8n1 = {} as IPollFunctions;
	expect(pollWindow(n8n1, NOW)).toEqual({
		budgetMs: POLL_CEILING_MS,
		until: NOW + 0.9 * POLL_CEILING_MS,
	});
	expect(pollWindow(n8n1, NOW, 10_000)).toEqual({ budgetMs: 10_000, until: NOW + 9_000 });
});

test.each([
	[20_000, 20_000],
	[30_000, 30_000],
	[45_000, 30_000],
	[0, 30_000],
	[-5, 30_000],
	[Number.NaN, 30_000],
	[Number.POSITIVE_INFINITY, 30_000],
])("n8n's budget of %d ms gives a window of %d ms with a ceiling of 30 s", (given, budgetMs) => {
	expect(pollWindow(budgeted(given), NOW, 30_000)).toEqual({
		budgetMs,
		until: NOW + 0.9 * budgetMs,
	});
});
