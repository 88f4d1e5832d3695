/**
 * Regressions (review 7, defects 3 and 4): internal-only assets count for offsets but are left
 * out of pages. Where the first assets in name order were internal-only, the first page could hold
 * its only asset in its last places and no later page joined: Return All (98 first), Limit 50
 * (49 first) and Limit 2 (one first) failed on every run of a quiet listing with "the asset
 * listing moved while it was read". And each page that held no asset was counted twice, so a run
 * of them failed after 25 pages where the docs say 50. Against the model checker's service
 * (in-process, simulated time); the Asset event in each of n8n's modes. A few seconds.
 */
import { runNode, testTransport } from '../harness/engine';
import { useInProcessService } from '../harness/model/in-process';
import { ModelTrigger } from '../harness/model/model-trigger';
import { SimNetwork } from '../harness/model/sim-network';
import { SimWorkspace } from '../harness/model/sim-service';
import { World } from '../harness/model/world';
import { N8N_MODES } from '../harness/trigger';

const service = useInProcessService();
const KEY = 'aw_model_checker_key';
const T0 = Date.parse('2026-11-26T02:00:00Z');
const credentials = { baseUrl: 'https://aw.example', apiKey: KEY };

/** 300 assets, after `first` internal-only ones and with `run` more after the 150th. */
function listing(world: World, hidden: { first?: number; run?: number }) {
	const workspace = new SimWorkspace({ skewMs: 0, form: 'z', date: { kind: 'service' } }, 100);
	const at = T0 - 86_400_000;
	const add = (n: number, name: string, internal: boolean) => {
		const id = `00000000-0000-4000-${internal ? 'a' : '8'}000-${String(n).padStart(12, '0')}`;
		workspace.assets.set(id, { id, name, folderId: null, createdAt: at, updatedAt: at, internal });
		return id;
	};
	for (let n = 0; n < (hidden.first ?? 0); n++) add(n, `0 internal ${n}`, true);
	for (let n = 0; n < (hidden.run ?? 0); n++) add(10_000 + n, `asset 0150 internal ${n}`, true);
	const ids = Array.from({ length: 300 }, (_, n) =>
		add(n, `asset ${String(n).padStart(4, '0')}`, false),
	);
	service.use(new SimNetwork(world, workspace, [], KEY).serve);
	return ids;
}

async function getMany(world: World, limit?: number) {
	const parameters = {
		resource: 'asset',
		operation: 'getAll',
		...(limit === undefined ? { returnAll: true } : { returnAll: false, limit }),
	};
	const settings = testTransport({}, world.clock);
	return await world.drive(runNode({ credentials, parameters, settings }));
}

async function fireForWhatExists(world: World, mode: (typeof N8N_MODES)[number]) {
	const parameters = { event: 'asset', options: { emitExisting: true } };
	const trigger = new ModelTrigger(world, mode, parameters, KEY, 30_000, 'assets');
	await trigger.activate();
	for (let poll = 0; poll < 3; poll++) {
		await world.passTo(world.clock.now() + 60_000);
		await trigger.poll();
	}
	return trigger;
}

const returned = (run: Awaited<ReturnType<typeof getMany>>) =>
	run.outputs[0].map((item) => (item.json as { id: string }).id);

test('a quiet listing whose first assets are internal-only is read whole by Return All', async () => {
	for (const first of [1, 49, 97, 98, 99, 100, 150]) {
		const world = new World(T0, [], 1);
		const ids = listing(world, { first });
		const run = await getMany(world);
		expect({ first, error: run.error?.message }).toEqual({ first, error: undefined });
		expect({ first, returned: returned(run) }).toEqual({ first, returned: ids });
	}
});

test('Limit 2 after one internal-only asset, and the default Limit 50 after 49: the first assets, no error', async () => {
	for (const [first, limit] of [
		[1, 2],
		[49, 50],
		[98, 2],
		[99, 50],
	]) {
		const world = new World(T0, [], 1);
		const ids = listing(world, { first });
		const run = await getMany(world, limit);
		expect({ first, limit, error: run.error?.message }).toEqual({ first, limit, error: undefined });
		expect(returned(run)).toEqual(ids.slice(0, limit));
	}
});

test.each(N8N_MODES)(
	'%s: Fire for What Exists fires each asset once after internal-only ones first, with no error',
	async (mode) => {
		for (const first of [1, 98, 99]) {
			const world = new World(T0, [], 1);
			const ids = listing(world, { first });
			const trigger = await fireForWhatExists(world, mode);
			expect({ first, errors: trigger.polls.filter((poll) => poll.error) }).toEqual({
				first,
				errors: [],
			});
			const created = trigger.fired.filter((i) => i.event === 'created').map((i) => String(i.id));
			expect(created.sort()).toEqual([...ids].sort());
		}
	},
);

// Pages of 100, 98 apart: a run from place 151 fills about one page each 98 more (where the pages
// stand, one fewer).
const emptyPages = (pages: number) => 98 * (pages - 1) + 145;

test('49 pages in a row that hold no asset are read through; the 50th fails and says so', async () => {
	const through = new World(T0, [], 1);
	const ids = listing(through, { run: emptyPages(49) });
	const run = await getMany(through);
	expect(run.error).toBeUndefined();
	expect(returned(run)).toEqual(ids);
	const stopped = new World(T0, [], 1);
	listing(stopped, { run: emptyPages(52) });
	expect((await getMany(stopped)).error?.message).toMatch(
		/50 pages in a row, up to offset \d+, held no asset yet said "hasMore": true/,
	);
});

test.each(N8N_MODES)(
	'%s: Fire for What Exists reads through 49 pages in a row that hold no asset',
	async (mode) => {
		const world = new World(T0, [], 1);
		const ids = listing(world, { run: emptyPages(49) });
		const trigger = await fireForWhatExists(world, mode);
		expect(trigger.polls.filter((poll) => poll.error)).toEqual([]);
		const created = trigger.fired.filter((i) => i.event === 'created').map((i) => String(i.id));
		expect(created.sort()).toEqual([...ids].sort());
	},
);
