/**
 * One model-checked story of the Asset event: a workspace that changes between and during polls
 * (creates, removals, renames, updates, moves), sorted by any collation of the family, with
 * internal-only assets anywhere, answers in any order, faults, budgets that cut polls short,
 * requests for removed assets that may never answer, restarts, clocks and time forms; then quiet
 * polls to settle, and the invariants.
 */
import fc from 'fast-check';

import type { N8nMode } from '../trigger';
import { clocksArb, collationArb, faultArb, picksArb, tiesArb } from './arbitraries';
import { assetProblems } from './asset-invariants';
import type { Serve } from './in-process';
import { ModelTrigger } from './model-trigger';
import { SimNetwork, type Fault } from './sim-network';
import type { SimAsset } from './sim-service';
import { seededWorld } from './seeded-world';
import { nameGroup } from '../../../nodes/shared/transport/paging/names';
import {
	applyChange,
	burstArb,
	changeArb,
	FOLDERS,
	clusterArb,
	internalArb,
	longestGroupSpan,
	longestInternalRun,
} from './workspace-changes';

const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');
const TICK_MS = 60_000;
const SETTLE_POLLS = 8;

const tickArb = fc.record({
	// When in the tick (from its poll) each change comes: during the poll, or between polls.
	changes: fc.array(
		fc.record({
			atMs: fc.oneof(fc.nat({ max: 400 }), fc.nat({ max: TICK_MS })),
			change: changeArb,
		}),
		{
			maxLength: 4,
		},
	),
	faults: fc.array(faultArb, { maxLength: 6 }),
	restart: fc.boolean(),
	// The assets of the last pages the poll before was served removed (where a reading stopped).
	sweep: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 3 }),
});

export const assetScenarioArb = fc
	.record({
		emitExisting: fc.boolean(),
		removed: fc.boolean(),
		scope: fc.nat({ max: 1 }),
		pageSize: fc.constantFrom(4, 5, 10, 100),
		count: fc.nat({ max: 250 }),
		seed: fc.integer(),
		pollCeilingMs: fc.constantFrom(1000, 2000, 30_000),
		// A slow service: a poll of 1 s asks about four requests one after another.
		slow: fc.boolean(),
		clocks: clocksArb,
		ties: tiesArb,
		collation: collationArb,
		internal: internalArb,
		cluster: clusterArb,
		// Requests for assets that are gone never answer: removals are never confirmed.
		goneHangs: fc.boolean(),
		// Changes while the first poll reads (often many created at once).
		first: fc.array(
			fc.record({ atMs: fc.nat({ max: 400 }), change: fc.oneof(changeArb, burstArb) }),
			{ maxLength: 3 },
		),
		// Often the first reading spans polls: a 429 after a few pages ends the first poll early.
		firstFaults: fc.oneof(
			fc.array(faultArb, { maxLength: 4 }),
			fc
				.nat({ max: 4 })
				.map((pages): Fault[] => [
					...Array.from({ length: pages }, () => ({ kind: 'ok' as const, latencyMs: 20 })),
					{ kind: '429', latencyMs: 0, retryAfterS: 40 },
				]),
			// A 429 whose wait leaves the poll less time than the answer after it takes.
			fc
				.record({ retryAfterS: fc.nat({ max: 1 }), latencyMs: fc.integer({ min: 200, max: 1500 }) })
				.map(({ retryAfterS, latencyMs }): Fault[] => [
					{ kind: '429', latencyMs: 0, retryAfterS },
					{ kind: 'ok', latencyMs },
				]),
		),
		ticks: fc.array(tickArb, { minLength: 1, maxLength: 5 }),
		// An asset whose own request never answers, removed at a tick: a removal candidate that
		// can never be confirmed.
		stuck: fc.option(fc.record({ pick: fc.nat({ max: 300 }), removedAt: fc.nat({ max: 4 }) }), {
			freq: 3,
		}),
		picks: picksArb,
	})
	.map((s) => ({ ...s, count: s.pageSize < 100 ? s.count % (s.pageSize * 8 + 1) : s.count }));

export type AssetScenario = typeof assetScenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** Runs one story in `mode`; what the invariants found wrong. */
export async function assetStory(mode: N8nMode, s: AssetScenario, use: (serve: Serve) => void) {
	const { world, workspace, history } = seededWorld(T0, s);
	const folderId = s.scope === 0 ? undefined : FOLDERS[1]!;
	const hiddenRun = longestInternalRun(workspace.listing(folderId));
	const groupSpan = longestGroupSpan(workspace.listing(folderId), nameGroup);
	const network = new SimNetwork(world, workspace, [], KEY);
	// Not with removals: a listing that takes all but half a second of every poll leaves no time
	// to confirm one (a known limit, not what this checks).
	if (s.slow && !s.removed) network.quietLatencyMs = 150;
	const stuck = s.stuck === null ? undefined : [...workspace.assets.keys()].sort()[s.stuck.pick];
	if (stuck) network.hangs(`/api/public/v1/assets/${stuck}`);
	network.goneHangs = s.goneHangs;
	use(network.serve);
	const trigger = new ModelTrigger(
		world,
		mode,
		{
			event: 'asset',
			options: {
				...(folderId ? { folderId: { __rl: true, mode: 'id', value: folderId } } : {}),
				emitExisting: s.emitExisting,
				removed: s.removed,
			},
		},
		KEY,
		s.pollCeilingMs,
		'assets',
	);
	const change = (
		changes: Array<{ atMs: number; change: AssetScenario['ticks'][0]['changes'][0]['change'] }>,
		from: number,
	) => {
		for (const { atMs, change } of changes)
			world.schedule(
				'change',
				() => world.story.push(applyChange(workspace, history, change, world.clock.now())),
				from + atMs,
			);
	};
	const sweep = (pages: number) => {
		const served = network.log.filter((l) => l.ids).slice(-pages);
		for (const id of served.flatMap((l) => l.ids!))
			if (workspace.assets.delete(id)) history.record(id, world.clock.now(), undefined);
		world.story.push(`remove the assets of the last ${pages} pages served`);
	};
	network.plan(s.firstFaults);
	change(s.first, T0);
	await trigger.activate();
	for (const [index, tick] of s.ticks.entries()) {
		const at = T0 + (index + 1) * TICK_MS;
		await world.passTo(at);
		network.plan(tick.faults);
		change(tick.changes, at);
		if (stuck && s.stuck?.removedAt === index && workspace.assets.has(stuck)) {
			workspace.assets.delete(stuck);
			history.record(stuck, world.clock.now(), undefined);
		}
		if (tick.sweep !== null) sweep(tick.sweep);
		if (tick.restart) await trigger.restart();
		await trigger.poll();
	}
	network.faulty = false;
	await world.passTo(world.clock.now() + 2 * TICK_MS);
	for (let i = 0; i < SETTLE_POLLS; i++) {
		await trigger.poll('settle');
		await world.passTo(world.clock.now() + TICK_MS);
	}
	const where = (a: SimAsset) => !a.internal && (!folderId || a.folderId === folderId);
	const inScope = [...workspace.assets.values()].filter(where);
	const problems = assetProblems({
		stuck,
		goneHangs: s.goneHangs,
		collation: s.collation,
		options: s,
		pageSize: s.pageSize,
		folderId,
		clocks: s.clocks,
		polls: trigger.polls,
		log: network.log,
		history,
		end: world.clock.now(),
		final: new Map(inScope.map((a) => [a.id, a.updatedAt])),
	});
	const settleErrors = trigger.polls.filter((p) => p.kind === 'settle' && p.error);
	for (const poll of settleErrors) problems.push(`a settling poll failed: ${poll.error}`);
	// More assets of one name group than a page can show closed: an error that says so, and so
	// for more than 49 pages of internal-only assets in a row. What fired is still checked: such
	// a run may miss changes, never fire one twice or one that never was.
	const spans = Math.max(groupSpan, longestGroupSpan(workspace.listing(folderId), nameGroup));
	const bearers = history.largestNameGroup(0, world.clock.now(), where, nameGroup);
	const crowded = Math.max(spans - 1, bearers) >= s.pageSize - 1;
	const hidden = hiddenRun >= 49 * (s.pageSize - 2);
	const whole = !(crowded || hidden);
	const checked = whole
		? problems
		: problems.filter((p) => !/never fired|^a settling poll failed/.test(p));
	// A listing that moved only once it changed.
	const changed = history.changedDuring(T0, world.clock.now());
	const explained = new RegExp(
		[
			'\\[(429|5\\d\\d)|no answer|asked to wait',
			...(changed ? ['moved'] : []),
			...(crowded ? ['share a name'] : []),
			...(hidden ? ['held no asset'] : []),
		].join('|'),
	);
	const unexplained = trigger.polls.filter((p) => p.error && !explained.test(p.error));
	for (const poll of unexplained)
		checked.push(`a poll failed without a fault to explain it: ${poll.error}`);
	return {
		problems: checked,
		story: world.story,
		fired: trigger.fired.length,
		whole,
	};
}
