/**
 * Regression (review 7, defect 1): a service whose collation sorts "Cafe" and "Café" as equal
 * (MySQL 8's utf8mb4_0900_ai_ci, MariaDB's utf8mb4_general_ci, ICU at primary strength) gives
 * them in any order at each request, while the node grouped names by case alone: a page where
 * "Café" followed "Cafe" was taken as the start of a name. Four of Cafe, Café, CAFE and Cafe across
 * the first page boundary, ordered anew at each request: Return All, Limit 250 and the picker
 * returned 249 of 250 with no error, and Fire for What Exists never fired one, in each of n8n's
 * modes. Here five (Cafe, Café, Cafe, Café, CAFE), in orders that lost one before the fix. The service is the model checker's, answered in-process through n8n's request helper on
 * simulated time. A few seconds in all.
 */
import { listSearch, runNode, testTransport } from '../harness/engine';
import { useInProcessService } from '../harness/model/in-process';
import { ModelTrigger } from '../harness/model/model-trigger';
import type { Collation } from '../harness/model/name-order';
import { SimNetwork } from '../harness/model/sim-network';
import { SimWorkspace } from '../harness/model/sim-service';
import { World } from '../harness/model/world';
import { N8N_MODES } from '../harness/trigger';

const service = useInProcessService();
const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');
const CAFES = ['Cafe', 'Café', 'Cafe', 'Café', 'CAFE'];
const credentials = { baseUrl: 'https://aw.example', apiKey: KEY };

/** 250 assets in name order, the cafés from `from` on, sorted by `collation`; `ns` varies the ids,
 * and so the order the service gives the cafés at each request. */
function workspaceWithCafes(world: World, { from, collation, ns }: Case) {
	const workspace = new SimWorkspace({ skewMs: 0, form: 'z', date: { kind: 'service' } }, 100);
	workspace.ties = 'any';
	workspace.collation = collation;
	const ids: string[] = [];
	for (let i = 0; i < 250; i++) {
		const id = `00000000-0000-4000-8${String(ns).padStart(3, '0')}-${String(i).padStart(12, '0')}`;
		const cafe = CAFES[i - from];
		const name = cafe ?? `${i < from ? 'a' : 'd'} ${String(i).padStart(4, '0')}`;
		const at = T0 - 86_400_000;
		workspace.assets.set(id, { id, name, folderId: null, createdAt: at, updatedAt: at });
		ids.push(id);
	}
	service.use(new SimNetwork(world, workspace, [], KEY).serve);
	return ids;
}

/** Where the cafés begin, which service, and which ids: each puts the seam elsewhere among them. */
type Case = { from: number; collation: Collation; ns: number };
const CASES: Case[] = [96, 97].flatMap((from) =>
	(['accents', 'general_ci', 'icu'] as const).flatMap((collation) =>
		[1, 2, 4, 5, 6, 8, 9].map((ns) => ({ from, collation, ns })),
	),
);

const asset = (limit?: number) => ({
	resource: 'asset',
	operation: 'getAll',
	...(limit === undefined ? { returnAll: true } : { returnAll: false, limit }),
});

test('Return All and Limit 250: five cafés across a page boundary, ordered anew at each request: all 250, once', async () => {
	for (const { from, collation, ns } of CASES)
		for (const limit of [undefined, 250]) {
			const world = new World(T0, [], 1);
			const ids = workspaceWithCafes(world, { from, collation, ns });
			const settings = testTransport({}, world.clock);
			const run = await world.drive(runNode({ credentials, parameters: asset(limit), settings }));
			expect(run.error).toBeUndefined();
			const returned = run.outputs[0].map((item) => (item.json as { id: string }).id);
			const missing = ids.filter((id) => !returned.includes(id));
			expect({ from, collation, ns, limit, missing }).toEqual({
				from,
				collation,
				ns,
				limit,
				missing: [],
			});
			expect(new Set(returned).size).toBe(returned.length);
		}
});

test('the asset picker, page after page over the same: each asset once', async () => {
	for (const { from, collation, ns } of CASES) {
		const world = new World(T0, [], 1);
		const ids = workspaceWithCafes(world, { from, collation, ns });
		const found: string[] = [];
		let paginationToken: string | undefined;
		do {
			const page = await world.drive(listSearch('searchAssets', { credentials, paginationToken }));
			found.push(...page.results.map((result) => String(result.value)));
			paginationToken = page.paginationToken;
		} while (paginationToken);
		expect({ from, collation, ns, missing: ids.filter((id) => !found.includes(id)) }).toEqual({
			from,
			collation,
			ns,
			missing: [],
		});
		expect(new Set(found).size).toBe(found.length);
	}
});

test.each(N8N_MODES)(
	'%s: Fire for What Exists fires each of five cafés across a page boundary, ordered anew at each request, once',
	async (mode) => {
		for (const { from, collation, ns } of CASES) {
			const world = new World(T0, [], 1);
			const ids = workspaceWithCafes(world, { from, collation, ns });
			const parameters = { event: 'asset', options: { emitExisting: true } };
			const trigger = new ModelTrigger(world, mode, parameters, KEY, 30_000, 'assets');
			await trigger.activate();
			for (let poll = 0; poll < 3; poll++) {
				await world.passTo(world.clock.now() + 60_000);
				await trigger.poll();
			}
			expect(trigger.polls.filter((poll) => poll.error)).toEqual([]);
			const created = trigger.fired.filter((i) => i.event === 'created').map((i) => String(i.id));
			expect({ from, collation, ns, missing: ids.filter((id) => !created.includes(id)) }).toEqual({
				from,
				collation,
				ns,
				missing: [],
			});
			expect(created).toHaveLength(250);
		}
	},
);
