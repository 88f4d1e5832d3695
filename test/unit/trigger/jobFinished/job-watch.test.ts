/** The trigger's Job Finished state rules, without n8n or HTTP. */
import {
	MAX_REMEMBERED,
	readWatchState,
	writeWatchState,
	type WatchState,
} from '../../../../nodes/AssetWorkspaceTrigger/events/jobFinished/state';
import {
	jobsToAsk,
	markAsked,
	observe,
	observeUnreadable,
} from '../../../../nodes/AssetWorkspaceTrigger/events/jobFinished/watch';

const all = { statuses: ['success', 'warning', 'failed'], emitAlreadyFinished: true };
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

test('a job fires once: when first seen final (already finished) or when it becomes final', () => {
	const state: WatchState = {};
	expect(observe(state, id(1), { status: 'running' }, all)).toEqual({
		fire: false,
		previousStatus: null,
	});
	expect(observe(state, id(1), { status: 'success' }, all)).toEqual({
		fire: true,
		previousStatus: 'running',
	});
	expect(observe(state, id(1), { status: 'success' }, all)).toEqual({
		fire: false,
		previousStatus: 'success',
	});
	expect(observe(state, id(2), { status: 'failed' }, all)).toEqual({
		fire: true,
		previousStatus: null,
	});
	expect(
		observe(state, id(3), { status: 'failed' }, { ...all, emitAlreadyFinished: false }).fire,
	).toBe(false);
	expect(observe(state, id(4), { status: 'warning' }, { ...all, statuses: ['failed'] }).fire).toBe(
		false,
	);
	expect(jobsToAsk(state, [id(1), id(2), id(3), id(4), id(5)])).toEqual([id(5)]);
});

test('state only moves forward: a settled job stays settled whatever is seen later', () => {
	const state: WatchState = {};
	observe(state, id(1), { status: 'failed' }, all);
	expect(observe(state, id(1), { status: 'running' }, all)).toEqual({
		fire: false,
		previousStatus: 'failed',
	});
	expect(state[id(1)]).toEqual({ status: 'failed', settled: true });
	observeUnreadable(state, id(1), 'notFound');
	expect(state[id(1)].settled).toBe(true);
});

test('statuses outside the documented five are kept and never final', () => {
	const state: WatchState = {};
	expect(observe(state, id(1), { status: 'queued_for_gpu' }, all).fire).toBe(false);
	expect(state[id(1)]).toEqual({ status: 'queued_for_gpu', settled: false });
});

test('a 404 and a 403 are each reported once per job; the job stays watched', () => {
	const state: WatchState = {};
	expect(observeUnreadable(state, id(1), 'notFound')).toBe(true);
	expect(observeUnreadable(state, id(1), 'notFound')).toBe(false);
	expect(observeUnreadable(state, id(1), 'forbidden')).toBe(true);
	expect(observeUnreadable(state, id(1), 'forbidden')).toBe(false);
	expect(jobsToAsk(state, [id(1)])).toEqual([id(1)]);
	expect(observe(state, id(1), { status: 'success' }, all).fire).toBe(true);
});

test('jobs asked longest ago (or never) go first; ties keep the order of Job IDs', () => {
	const state: WatchState = {};
	markAsked(state, id(1), 300, 300);
	markAsked(state, id(2), 100, 100);
	markAsked(state, id(3), 200, 200);
	expect(jobsToAsk(state, [id(1), id(2), id(3), id(4), id(5)])).toEqual([
		id(4),
		id(5),
		id(2),
		id(3),
		id(1),
	]);
	observe(state, id(2), { status: 'running' }, all);
	expect(state[id(2)]).toEqual({ status: 'running', settled: false, askedAt: 100, since: 100 });
	markAsked(state, id(2), 400, 400);
	expect(state[id(2)]).toMatchObject({ askedAt: 400, since: 100 }); // watched since the first ask
});

describe('with Fire for Jobs Already Finished off, "already finished" means before it was watched', () => {
	const off = { ...all, emitAlreadyFinished: false };
	const T = Date.parse('2026-11-24T10:00:00Z');
	const at = (ms: number) => new Date(T + ms).toISOString();

	test('first seen final, finished after the first poll that asked for it began: fires once', () => {
		const state: WatchState = {};
		markAsked(state, id(1), T, T); // the poll that asked (its answer failed: no status seen)
		markAsked(state, id(1), T + 60_000, T + 60_000);
		expect(state[id(1)]).toMatchObject({ status: null, since: T });
		expect(observe(state, id(1), { status: 'success', finishedAt: at(30_000) }, off)).toEqual({
			fire: true,
			previousStatus: null,
		});
		expect(observe(state, id(1), { status: 'success', finishedAt: at(30_000) }, off).fire).toBe(
			false,
		);
	});

	test('finished before that poll began, or with no finishedAt to tell: recorded silently', () => {
		const state: WatchState = {};
		for (const n of [1, 2, 3]) markAsked(state, id(n), T, T);
		expect(observe(state, id(1), { status: 'failed', finishedAt: at(-1) }, off).fire).toBe(false);
		expect(observe(state, id(2), { status: 'failed', finishedAt: null }, off).fire).toBe(false);
		expect(observe(state, id(3), { status: 'failed', finishedAt: 'soon' }, off).fire).toBe(false);
		// A time without a zone is UTC.
		markAsked(state, id(4), T, T);
		const local = at(5_000).replace('Z', '');
		expect(observe(state, id(4), { status: 'failed', finishedAt: local }, off).fire).toBe(true);
	});

	test('a state saved before `since` existed: the last ask stands in for it, through the poll that asks again', () => {
		const state: WatchState = { [id(1)]: { status: null, settled: false, askedAt: T } };
		// The poll after the upgrade asks (markAsked first, as pollJobs does): it took that poll's
		// start for `since`, after the job had finished, so the job never fired.
		markAsked(state, id(1), T + 120_000, T + 120_000);
		expect(state[id(1)].since).toBe(T);
		expect(observe(state, id(1), { status: 'warning', finishedAt: at(1_000) }, off).fire).toBe(
			true,
		);
	});
});

test('reading copies the stored state; writing assigns a new top-level value', () => {
	const stored = { jobs: { [id(1)]: { status: 'running', settled: false } } };
	const state = readWatchState(stored);
	state[id(1)].status = 'success';
	expect(stored.jobs[id(1)].status).toBe('running');
	const staticData: Record<string, unknown> = { jobs: stored.jobs };
	writeWatchState(staticData, state, [id(1)]);
	expect(staticData.jobs).toBe(state);
	expect(readWatchState({ jobs: 'garbage' })).toEqual({});
	expect(readWatchState({ jobs: null })).toEqual({});
});

test('state stays bounded: past MAX_REMEMBERED, the oldest ids no longer watched are forgotten first', () => {
	const ids = Array.from({ length: MAX_REMEMBERED + 5 }, (_, n) => id(n));
	const state: WatchState = Object.fromEntries(
		ids.map((i) => [i, { status: 'success', settled: true }]),
	);
	const staticData: Record<string, unknown> = {};
	writeWatchState(staticData, state, [ids[0], ids[ids.length - 1]]);
	const kept = Object.keys(staticData.jobs as object);
	expect(kept).toHaveLength(MAX_REMEMBERED);
	expect(kept).toContain(ids[0]);
	expect(kept).not.toContain(ids[1]);
	expect(kept).not.toContain(ids[5]);
	expect(kept).toContain(ids[6]);
});
