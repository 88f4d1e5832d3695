/**
 * Report Every Nth Failing Poll: while polls keep failing, the first of the episode and every Nth
 * after fail visibly; a poll that works ends the episode. Pure: well under a second.
 */
import {
	endFailingPolls,
	failsVisibly,
} from '../../../../nodes/AssetWorkspaceTrigger/polling/processMemory';

const visible = (state: Record<string, unknown>, everyNth: number, polls: number) =>
	Array.from({ length: polls }, () => failsVisibly(state, everyNth));

test('1 (the default): every failing poll fails', () => {
	expect(visible({}, 1, 5)).toEqual([true, true, true, true, true]);
});

test('every 3rd: the first of an episode, then the 4th and the 7th', () => {
	const state: Record<string, unknown> = {};
	expect(visible(state, 3, 8)).toEqual([true, false, false, true, false, false, true, false]);
});

test('a poll that works ends the episode: the next failure fails visibly again', () => {
	const state: Record<string, unknown> = { other: 1 };
	visible(state, 10, 2);
	endFailingPolls(state);
	expect(state).toEqual({ other: 1 });
	expect(visible(state, 10, 2)).toEqual([true, false]);
});

test('the count is kept with the live state, never in it: a state n8n reloads (a restart) starts an episode', () => {
	const live: Record<string, unknown> = {};
	expect(visible(live, 3, 2)).toEqual([true, false]);
	expect(live).toEqual({});
	const reloaded = JSON.parse(JSON.stringify(live));
	expect(visible(reloaded, 3, 3)).toEqual([true, false, false]);
	expect(visible(live, 3, 1)).toEqual([false]);
});

test('a fraction of N is its whole part; no number means every one', () => {
	const state: Record<string, unknown> = {};
	expect(visible(state, 2.5, 3)).toEqual([true, false, true]);
	expect(visible({}, Number.NaN, 2)).toEqual([true, true]);
});
