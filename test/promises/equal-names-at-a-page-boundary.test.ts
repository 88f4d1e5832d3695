/**
 * Promise: assets that share a name across a page boundary, which the service returns in any
 * order at each request (a plain `ORDER BY name`), are all read, once, even while the listing
 * moves; more of one name than a page can show with another name on each side is an error that
 * says so, never a silent miss. Regressions: review of issue 35 (a pair lost with no edit at all)
 * and issue 47 (five of one name across a seam while an asset ahead is removed: one lost unseen).
 * The service is the model checker's, answered in-process through n8n's request helper on
 * simulated time. The trigger in each of n8n's modes. A few seconds in all.
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

/**
 * 250 assets in name order; `count` from `from` on share one name, served in any order at each
 * request; the asset at 10 is removed right after the first page is served.
 */
function workspaceWithATie(world: World, from: number, count: number) {
	const workspace = new SimWorkspace({ skewMs: 0, form: 'z', date: { kind: 'service' } }, 100);
	workspace.ties = 'any';
	const ids: string[] = [];
	for (let i = 0; i < 250; i++) {
		const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
		const name = `config ${String(i >= from && i < from + count ? from : i).padStart(4, '0')}`;
		const at = T0 - 86_400_000;
		workspace.assets.set(id, { id, name, folderId: null, createdAt: at, updatedAt: at });
		ids.push(id);
	}
	const network = new SimNetwork(world, workspace, [], KEY);
	network.afterPage = (pages) => pages === 1 && workspace.assets.delete(ids[10]);
	service.use(network.serve);
	return ids;
}

async function returnAll(world: World) {
	return await world.drive(
		runNode({
			credentials: { baseUrl: 'https://aw.example', apiKey: KEY },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
			settings: testTransport({}, world.clock),
		}),
	);
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

/** Where the five of one name begin: each placement puts the seam elsewhere among them. */
const PLACEMENTS = [93, 94, 95, 96, 97];

test('Return All: five assets of one name across a page boundary, in any order, the listing moving: all 250, once', async () => {
	for (const from of PLACEMENTS) {
		const world = new World(T0, [], 1);
		const ids = workspaceWithATie(world, from, 5);
		const run = await returnAll(world);
		expect(run.error).toBeUndefined();
		const returned = run.outputs[0].map((item) => (item.json as { id: string }).id);
		expect([from, returned.length]).toEqual([from, 250]);
		expect(ids.filter((id) => !returned.includes(id))).toEqual([]);
	}
});

test.each(N8N_MODES)(
	'%s: Fire for What Exists fires each of five assets of one name across a page boundary, in any order, once',
	async (mode) => {
		for (const from of PLACEMENTS) {
			const world = new World(T0, [], 1);
			const ids = workspaceWithATie(world, from, 5);
			const trigger = await fireForWhatExists(world, mode);
			expect(trigger.polls.filter((poll) => poll.error)).toEqual([]);
			const created = trigger.fired.filter((i) => i.event === 'created').map((i) => String(i.id));
			expect([from, created.length]).toEqual([from, 250]);
			expect(ids.filter((id) => !created.includes(id))).toEqual([]);
		}
	},
);

test('99 assets of one name, more than a page of 100 can show closed: Return All fails and says so', async () => {
	const world = new World(T0, [], 1);
	workspaceWithATie(world, 50, 99);
	const run = await returnAll(world);
	expect(run.error?.message).toMatch(/99 or more assets in a row from offset \d+ share a name/);
});

test.each(N8N_MODES)(
	'%s: 99 assets of one name: each poll fails and says so, and fires nothing past them',
	async (mode) => {
		const world = new World(T0, [], 1);
		workspaceWithATie(world, 50, 99);
		const trigger = await fireForWhatExists(world, mode);
		const errors = trigger.polls.slice(1).map((poll) => poll.error);
		expect(errors).toEqual(errors.map(() => expect.stringMatching(/share a name/)));
		expect(trigger.fired.filter((i) => String(i.name) > 'config 0049')).toEqual([]);
	},
);
