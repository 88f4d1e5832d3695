/**
 * Promise: Return All gives every asset that was there throughout the read exactly once, and
 * nothing that never was, or fails with an error that says why (the listing moved while it
 * changed, or the service failed). Checked by a model (fast-check): a workspace that assets are
 * created in, removed from, renamed in, updated and moved between folders while pages are read
 * (some right at a page boundary as a page is served); sorted by any collation of the family the
 * docs state, from exact bytes to ICU at primary strength, names spelt as such collations sort
 * as equal or not; internal-only assets first in name order, one a page or in runs longer than a
 * page; answers served in any order; names sorted as equal in any order at each request; 429s,
 * 500s, hangs and resets; clocks and time forms as the docs promise. More assets of one name group
 * than a page can show with another on each side, or 50 pages of internal-only assets in a row,
 * is an error that says so.
 * Out of reach by the docs: an asset renamed or moved while it is read (it moves in the listing).
 * On simulated time, n8n's real engine and request helper, the service answered in-process.
 * Cost: about 10 s of CPU for the default runs; AW_MODEL_RUNS multiplies them (a soak).
 */
import fc from 'fast-check';

import { runNode, testTransport } from '../harness/engine';
import { nameGroup } from '../../nodes/shared/transport/paging/names';
import { clocksArb, collationArb, faultArb, picksArb, tiesArb } from '../harness/model/arbitraries';
import { useInProcessService } from '../harness/model/in-process';
import { modelRuns } from '../harness/model/runs';
import { SimNetwork } from '../harness/model/sim-network';
import { seededWorld } from '../harness/model/seeded-world';
import {
	applyChange,
	changeArb,
	FOLDERS,
	clusterArb,
	internalArb,
	longestGroupSpan,
	longestInternalRun,
	seamChange,
} from '../harness/model/workspace-changes';

const service = useInProcessService();
const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');

const scenarioArb = fc
	.record({
		pageSize: fc.constantFrom(4, 5, 10, 100),
		count: fc.nat({ max: 350 }),
		seed: fc.integer(),
		scope: fc.nat({ max: 2 }),
		changes: fc.array(fc.record({ atMs: fc.nat({ max: 500 }), change: changeArb }), {
			maxLength: 16,
		}),
		faults: fc.array(faultArb, { maxLength: 30 }),
		picks: picksArb,
		clocks: clocksArb,
		ties: tiesArb,
		collation: collationArb,
		internal: internalArb,
		cluster: clusterArb,
		// A change at a page boundary just as the `page`th page is served (cheap, and where joins fail).
		seam: fc.option(
			fc.record({ page: fc.integer({ min: 1, max: 3 }), shift: fc.integer({ min: 1, max: 3 }) }),
		),
	})
	// Small pages with fewer assets: as many page boundaries, in fewer requests.
	.map((s) => ({ ...s, count: s.pageSize < 100 ? s.count % (s.pageSize * 12 + 1) : s.count }));

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** One Return All in a changing workspace; what the invariants found wrong (none: []). */
async function returnAll(s: Scenario) {
	const { world, workspace, history } = seededWorld(T0, s);
	const folderId = FOLDERS[s.scope] ?? undefined;
	const hiddenRun = longestInternalRun(workspace.listing(folderId));
	const groupSpan = longestGroupSpan(workspace.listing(folderId), nameGroup);
	const network = new SimNetwork(world, workspace, s.faults, KEY);
	service.use(network.serve);
	const { seam } = s;
	if (seam)
		network.afterPage = (pages) => {
			if (pages !== seam.page) return;
			const at = seam.page * Math.max(1, s.pageSize - 2);
			world.story.push(seamChange(workspace, history, at, seam.shift, world.clock.now()));
		};
	for (const { atMs, change } of s.changes)
		world.schedule(
			'change',
			() => world.story.push(applyChange(workspace, history, change, world.clock.now())),
			T0 + atMs,
		);
	const run = await world.drive(
		runNode({
			credentials: { baseUrl: 'https://aw.example', apiKey: KEY },
			parameters: {
				resource: 'asset',
				operation: 'getAll',
				returnAll: true,
				...(folderId ? { filters: { folderId: { __rl: true, mode: 'id', value: folderId } } } : {}),
			},
			settings: testTransport({}, world.clock),
		}),
	);
	const end = world.clock.now();
	const moved = history.changedDuring(T0, end);
	// Not vacuous: runs that read a listing while it changed are counted.
	if (!run.error && moved) readWhileChanging++;
	const inScope = (asset?: { folderId: string | null; internal?: boolean }) =>
		asset !== undefined &&
		!asset.internal &&
		(folderId === undefined || asset.folderId === folderId);
	if (run.error) {
		const message = run.error.message;
		const spans = Math.max(groupSpan, longestGroupSpan(workspace.listing(folderId), nameGroup));
		const crowded =
			Math.max(spans - 1, history.largestNameGroup(T0, end, inScope, nameGroup)) >= s.pageSize - 1;
		const hidden = hiddenRun >= 49 * (s.pageSize - 2);
		const explained =
			(moved && /listing moved/.test(message)) ||
			/\[(429|5\d\d)|no answer|asked to wait/.test(message) ||
			(crowded && /share a name/.test(message)) ||
			(hidden && /held no asset/.test(message));
		return explained ? [] : [`an error that does not say why: ${message}`];
	}
	const problems: string[] = [];
	const returned = run.outputs[0].map((item) => item.json as { id: string; name: string });
	const ids = returned.map((asset) => asset.id);
	const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
	if (twice.length) problems.push(`returned twice: ${twice.join(', ')}`);
	for (const asset of returned) {
		const states = history.during(asset.id, T0, end).map((state) => state.asset);
		if (!states.some((state) => inScope(state) && state!.name === asset.name))
			problems.push(
				`returned "${asset.name}" (${asset.id}), which was never in scope under that name`,
			);
	}
	const returnedIds = new Set(ids);
	for (const id of history.ids()) {
		const states = history.during(id, T0, end);
		const first = states[0]?.asset;
		const stable =
			states[0]?.at < T0 &&
			states.every((state) => inScope(state.asset) && state.asset!.name === first?.name);
		if (stable && !returnedIds.has(id))
			problems.push(`missing "${first!.name}" (${id}), there throughout`);
	}
	return problems;
}

let readWhileChanging = 0;

test('Return All: every asset there throughout, once, and nothing that never was; or an error that says why', async () => {
	const runs = modelRuns(150);
	await fc.assert(
		fc.asyncProperty(scenarioArb, async (s) => {
			expect(await returnAll(s)).toEqual([]);
		}),
		runs,
	);
	expect(readWhileChanging).toBeGreaterThan(runs.numRuns! / 2);
});
