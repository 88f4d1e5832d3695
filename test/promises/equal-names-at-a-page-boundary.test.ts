/**
 * Regression (review of issue 35): two assets that share a name at a page boundary, which the
 * service returns in either order (a plain `ORDER BY name`), lost one of them with no error and
 * no edit at all: the page after shared one of the pair and the other, placed before it, was
 * dropped as if handed on already. Return All gave 249 of 250; the Asset event's first reading
 * with Fire for What Exists (the same pages) never fired it. The service here is the model
 * checker's, answered in-process through n8n's request helper on simulated time; it reverses the
 * pair at every other request. In each of n8n's modes for the trigger. Well under a second each.
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

/** 250 assets in name order; the 100th and 101st share a name: the first page's last asset. */
function workspaceWithATie(world: World) {
	const workspace = new SimWorkspace({ skewMs: 0, form: 'z', date: { kind: 'service' } }, 100);
	workspace.ties = 'alternate';
	for (let i = 0; i < 250; i++) {
		const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
		const name = `config ${String(i === 100 ? 99 : i).padStart(4, '0')}`;
		const at = T0 - 86_400_000;
		workspace.assets.set(id, { id, name, folderId: null, createdAt: at, updatedAt: at });
	}
	service.use(new SimNetwork(world, workspace, [], KEY).serve);
	return [...workspace.assets.keys()];
}

test('Return All: two assets with one name at a page boundary, served in either order: all 250, once', async () => {
	const world = new World(T0, [], 1);
	const ids = workspaceWithATie(world);
	const run = await world.drive(
		runNode({
			credentials: { baseUrl: 'https://aw.example', apiKey: KEY },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
			settings: testTransport({}, world.clock),
		}),
	);
	expect(run.error).toBeUndefined();
	const returned = run.outputs[0].map((item) => (item.json as { id: string }).id);
	expect(returned).toHaveLength(250);
	expect(ids.filter((id) => !returned.includes(id))).toEqual([]);
});

test.each(N8N_MODES)(
	'%s: Fire for What Exists fires both assets that share a name at a page boundary, served in either order',
	async (mode) => {
		const world = new World(T0, [], 1);
		const ids = workspaceWithATie(world);
		const parameters = { event: 'asset', options: { emitExisting: true } };
		const trigger = new ModelTrigger(world, mode, parameters, KEY, 30_000, 'assets');
		await trigger.activate();
		for (let poll = 0; poll < 3; poll++) {
			await world.passTo(world.clock.now() + 60_000);
			await trigger.poll();
		}
		expect(trigger.polls.filter((poll) => poll.error)).toEqual([]);
		const created = trigger.fired.filter((i) => i.event === 'created').map((i) => String(i.id));
		expect(created).toHaveLength(250);
		expect(ids.filter((id) => !created.includes(id))).toEqual([]);
	},
);
