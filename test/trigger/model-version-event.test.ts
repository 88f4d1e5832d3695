/**
 * The trigger's Model Version Created or Published event (events/modelVersion/) through n8n-core's
 * PollContext against the sandbox, in each way n8n keeps a poll's state (see harness/trigger/):
 * each new version and each publish fires once across polls, restarts and overlapping polls; Fire
 * On and Fire for What Exists; one model's 404 or 403 is reported once and never blocks the
 * others; a wrong key fails the poll and changes nothing; manual mode changes nothing. About 4 s.
 */
import { SEED_IDS, versionOf } from '../../sandbox/seed';
import { VIEWER, call, newVersion, publishVersion } from '../harness/http';
import { UNKNOWN, inject, useSandbox } from '../harness/fixtures';
import { N8N_MODES, type N8nMode } from '../harness/trigger';
import { CHURN, REVENUE, fired, learn, modelsParam, watcherIn } from '../harness/trigger-events';

const env = useSandbox({ jobStepMs: 1_000_000_000 });

describe.each(N8N_MODES)('n8n mode %s', (mode: N8nMode) => {
	const watch = watcherIn(env, mode);
	describe('Model Version Created or Published', () => {
		const models = (ids: string[], extra: object = {}) =>
			watch({ event: 'modelVersion', models: modelsParam(ids), ...extra });

		test('each new version fires "created" once; a publish fires "published" once, with the one before', async () => {
			const t = models([REVENUE, CHURN]);
			await learn(t);
			const v4 = await newVersion(env.sandbox, REVENUE, { comment: 'Fourth' });
			const first = (await t.poll()).items!;
			expect(fired(first)).toEqual(['created revenue v4']);
			expect(first[0]).toEqual({
				event: 'created',
				assetId: REVENUE,
				versionId: v4.id,
				versionNumber: 4,
				recordType: 'draft',
				published: false,
				comment: 'Fourth',
				createdAt: v4.createdAt,
				updatedAt: v4.updatedAt,
			});
			expect((await t.poll()).items).toBeNull();
			await publishVersion(env.sandbox, REVENUE, v4.id);
			const published = (await t.poll()).items!;
			expect(published).toEqual([
				expect.objectContaining({
					event: 'published',
					assetId: REVENUE,
					versionId: v4.id,
					published: true,
					previousPublished: {
						versionId: versionOf('revenue-forecast', 2),
						versionNumber: 2,
						comment: 'Join orders, weight by probability',
					},
				}),
			]);
			expect((await t.poll()).items).toBeNull();
			// A version created and published between two polls fires both, in order.
			await newVersion(env.sandbox, CHURN, { publish: true });
			expect(fired((await t.poll()).items)).toEqual([
				`created ${CHURN} v3`,
				`published ${CHURN} v3`,
			]);
		});

		test('Fire On: only the chosen events fire; the others are recorded and never fire later', async () => {
			const t = models([REVENUE], { versionEvents: ['published'] });
			await learn(t);
			const v4 = await newVersion(env.sandbox, REVENUE);
			expect((await t.poll()).items).toBeNull();
			await publishVersion(env.sandbox, REVENUE, v4.id);
			expect(fired((await t.poll()).items)).toEqual(['published revenue v4']);
		});

		test('Fire for What Exists: the first poll fires every version and the published one', async () => {
			const t = models([REVENUE], { options: { emitExisting: true } });
			expect(fired((await t.activate()).items)).toEqual([
				'created revenue v1',
				'created revenue v2',
				'created revenue v3',
				'published revenue v2',
			]);
			if (mode !== 'durable') expect((await t.poll()).items).toBeNull();
		});

		test('a restart (a new workflow from what n8n saved) fires nothing twice, and what happened meanwhile once', async () => {
			const t = models([REVENUE]);
			await learn(t);
			await newVersion(env.sandbox, REVENUE);
			expect(fired((await t.poll()).items)).toEqual(['created revenue v4']);
			t.restart();
			expect((await t.activate()).items).toBeNull();
			await newVersion(env.sandbox, REVENUE, { publish: true });
			t.restart();
			expect(fired((await t.activate()).items)).toEqual([
				'created revenue v5',
				'published revenue v5',
			]);
			t.restart();
			expect((await t.activate()).items).toBeNull();
			expect((await t.poll()).items).toBeNull();
		});

		test('polls that overlap fire a new version once', async () => {
			const t = models([REVENUE, CHURN]);
			await learn(t);
			await newVersion(env.sandbox, REVENUE);
			const results = await t.overlapping(3);
			expect(results.flatMap((r) => fired(r.items))).toEqual(['created revenue v4']);
			expect((await t.poll()).items).toBeNull();
		});

		test('a 404 and a 403 model are reported once each, and never block the others', async () => {
			await inject(env.sandbox, {
				match: `/api/public/v1/assets/${CHURN}/model/versions`,
				fault: 'status',
				status: 403,
				times: 1000,
			});
			const t = models([UNKNOWN, CHURN, REVENUE]);
			const first = await t.activate();
			expect(first.items).toEqual([
				{
					event: 'notFound',
					assetId: UNKNOWN,
					notFound: true,
					message: `Model ${UNKNOWN} answers 404: it is no model, does not exist, or this API key cannot read it. It is reported once and still watched.`,
				},
				{
					event: 'forbidden',
					assetId: CHURN,
					forbidden: true,
					message: `Model ${CHURN} answers 403: this API key may not read it. It is reported once and still watched.`,
				},
			]);
			await newVersion(env.sandbox, REVENUE);
			expect(fired((await t.poll()).items)).toEqual(['created revenue v4']);
			expect((await t.poll()).items).toBeNull();
			// Readable again: the model is learned (nothing fires for what it already had).
			await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
			expect((await t.poll()).items).toBeNull();
			await newVersion(env.sandbox, CHURN);
			expect(fired((await t.poll()).items)).toEqual([`created ${CHURN} v3`]);
		});

		test("manual mode with no watched model readable: an error saying so, as the setting's", async () => {
			const { items, error } = await models([UNKNOWN]).poll('manual');
			expect(items).toBeNull();
			expect(error).toMatchObject({
				message: 'None of the watched models has a version this API key can read',
				failure: { cause: 'configuration-invalid' },
			});
		});

		test('a model this key cannot read (a hidden folder) is a 404 like an unknown id', async () => {
			const t = watch(
				{ event: 'modelVersion', models: modelsParam([SEED_IDS.headcountPlan, REVENUE]) },
				VIEWER,
			);
			expect(fired((await t.activate()).items)).toEqual([`notFound ${SEED_IDS.headcountPlan} v-`]);
		});

		test('a wrong key fails the poll and changes nothing', async () => {
			const t = watch({ event: 'modelVersion', models: modelsParam([REVENUE]) }, 'aw_wrong_key');
			const result = await t.poll();
			expect(result.error?.message).toContain('[401 unauthorized]');
			expect(t.state).toEqual({});
		});

		test('manual mode (Fetch Test Event) gives the newest version of each model and changes nothing', async () => {
			const t = models([REVENUE, UNKNOWN, CHURN]);
			await t.activate();
			await t.poll();
			const [state, saved] = [t.state, t.saved];
			expect(fired((await t.poll('manual')).items)).toEqual([
				'created revenue v3',
				`created ${CHURN} v2`,
			]);
			expect([t.state, t.saved]).toEqual([state, saved]);
			await newVersion(env.sandbox, REVENUE);
			expect(fired((await t.poll()).items)).toEqual(['created revenue v4']);
		});

		test('manual mode with Fire On only Version Published gives each published version (else the newest)', async () => {
			const t = models([REVENUE, CHURN], { versionEvents: ['published'] });
			const items = (await t.poll('manual')).items!;
			expect(fired(items)).toEqual(['published revenue v2', `created ${CHURN} v2`]);
			expect(items[0].previousPublished).toBeNull();
			expect(t.state).toEqual({});
		});

		test('no model chosen, or an id that is no UUID: a clear error naming the field', async () => {
			expect((await models([]).poll()).error).toMatchObject({
				message: 'Models: add at least one model to watch',
				description: 'Pick the models under Models (Add Model).',
			});
			expect((await models(['model-7']).poll()).error?.message).toContain("'model-7'");
		});
	});
});
