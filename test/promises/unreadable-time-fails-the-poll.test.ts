/**
 * Promise (docs/trigger.md, "Clocks"): a time in no form the node reads fails the Asset event's
 * poll with an error that names the asset, the field and the value, declares that the answer
 * breaks the contract (`node-defect`), records nothing and leaves the key out. A fake service in
 * front of one real asset of the sandbox, each of n8n's ways of keeping state. Well under a second.
 */
import { OWNER, api } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const env = useSandbox();
const serve = useFakeServers();

test.each(N8N_MODES)('%s: an updatedAt of month 13 fails the poll, naming it', async (mode) => {
	const asset = (await api(env.sandbox, '/assets?limit=1')).json.data[0];
	const { url } = await serve((_req, res) =>
		sendJson(res, 200, {
			data: [{ ...asset, updatedAt: '2026-13-01T00:00:00Z' }],
			meta: { limit: 100, offset: 0, hasMore: false },
		}),
	);
	const t = new TriggerHarness({ baseUrl: url, apiKey: OWNER }, { event: 'asset' }, { mode });
	const { items, error } = await t.poll();
	expect(items).toBeNull();
	expect(error?.message).toBe(
		`Asset Workspace API: the asset ${asset.id} has updatedAt "2026-13-01T00:00:00Z", which is not a date-time`,
	);
	const { failure, description } = error as { failure?: unknown; description?: string };
	expect(failure).toEqual({ cause: 'node-defect' });
	expect(description).toBe('The service must write times as ISO 8601 (2026-11-26T02:00:00Z).');
	expect(`${JSON.stringify(error)} ${description}`).not.toContain(OWNER);
	expect(t.state.assets).toBeUndefined();
});
