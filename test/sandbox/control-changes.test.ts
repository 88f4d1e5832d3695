/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's control endpoints that change the workspace over time, for the trigger's
 * events, over real HTTP: new and published versions, assets created, changed and removed (the
 * listing follows), their errors, and --churn. About 1 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { startSandbox } from '../../sandbox/server';
import {
	VIEWER,
	api,
	call,
	changeAsset,
	newAsset,
	newVersion,
	publishVersion,
	removeAsset,
	sleep,
} from '../harness/http';
import { UNKNOWN, useSandbox } from '../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });
const F = SEED_IDS.folders;

describe('changes over time (control endpoints for the trigger events)', () => {
	const versionsOf = async (assetId: string) =>
		(await api(env.sandbox, `/assets/${assetId}/model/versions`)).json.data.versions;

	test('a new version copies the newest and adds a tool; publishing moves the published flag', async () => {
		const before = await versionsOf(SEED_IDS.revenueForecast);
		const created = await newVersion(env.sandbox, SEED_IDS.revenueForecast, { comment: 'Fourth' });
		expect(created).toMatchObject({ versionNumber: 4, published: false, comment: 'Fourth' });
		const read = (
			await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${created.id}`)
		).json.data.version;
		const newest = before.find((v: any) => v.versionNumber === 3);
		const v3 = (
			await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model/versions/${newest.id}`)
		).json.data.version;
		expect(read.nodes).toEqual([...v3.nodes, expect.objectContaining({ id: 'tool-4' })]);
		expect(read.edges).toEqual(v3.edges);
		await publishVersion(env.sandbox, SEED_IDS.revenueForecast, created.id);
		const after = await versionsOf(SEED_IDS.revenueForecast);
		expect(after.filter((v: any) => v.published).map((v: any) => v.id)).toEqual([created.id]);
		const published = await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/model`);
		expect(published.json.data.version.id).toBe(created.id);
	});

	test('assets are created, changed (updatedAt moves) and removed; the listing follows', async () => {
		const created = await newAsset(env.sandbox, { name: 'Aardvark feed', folderId: F.marketing });
		expect(created).toMatchObject({ name: 'Aardvark feed', parentFolder: { id: F.marketing } });
		const first = (await api(env.sandbox, `/assets?folderId=${F.marketing}&limit=1`)).json.data[0];
		expect(first.id).toBe(created.id);
		await sleep(5);
		const changed = await changeAsset(env.sandbox, created.id, { description: 'now daily' });
		expect(changed.description).toBe('now daily');
		expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
		await removeAsset(env.sandbox, created.id);
		expect((await api(env.sandbox, `/assets/${created.id}`)).status).toBe(404);
	});

	test('errors: unknown model or version 404, the viewer key 403, a hidden asset 404 for it', async () => {
		expect(
			(await call(env.sandbox, `/__sandbox/models/${UNKNOWN}/versions`, { method: 'POST' })).status,
		).toBe(404);
		const publish = `/__sandbox/models/${SEED_IDS.revenueForecast}/versions/${UNKNOWN}/publish`;
		expect((await call(env.sandbox, publish, { method: 'POST' })).status).toBe(404);
		const path = `/__sandbox/assets/${SEED_IDS.stripePayments}`;
		expect((await call(env.sandbox, path, { method: 'PATCH', key: VIEWER })).status).toBe(403);
		expect(
			(await call(env.sandbox, '/__sandbox/assets/not-a-uuid', { method: 'DELETE' })).status,
		).toBe(400);
	});

	test('--churn: a new version of Revenue Forecast (every other one published) and a changed Stripe Payments, over time', async () => {
		const churning = await startSandbox({ jobStepMs: 60, churnMs: 40 });
		try {
			// Two steps (80 ms) or more; a busy machine may run them late, so it is asked until then.
			const listVersions = async () =>
				(await api(churning, `/assets/${SEED_IDS.revenueForecast}/model/versions`)).json.data
					.versions;
			let versions = await listVersions();
			for (const until = Date.now() + 10_000; versions.length < 5 && Date.now() < until; )
				versions = await sleep(20).then(listVersions);
			expect(versions.length).toBeGreaterThanOrEqual(5);
			const newest = Math.max(...versions.map((v: any) => v.versionNumber));
			const published = versions.find((v: any) => v.published).versionNumber;
			expect(newest - published).toBeLessThanOrEqual(1);
			const stripe = (await api(churning, `/assets/${SEED_IDS.stripePayments}`)).json.data;
			expect(stripe.description).toMatch(/^Churn \d+$/);
		} finally {
			await churning.close();
		}
	});
});
