/**
 * Model Version > Get Published (actions/modelVersion/getPublished.operation.ts) in n8n's engine against
 * the sandbox: the published version (simplified
 * or whole), one documented item when nothing is published (also when the service answers 404
 * for that), and a 404 error for an unknown model.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import {
	UNKNOWN,
	inject,
	json,
	nodeRunner,
	requestsOf,
	rl,
	useSandbox,
} from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const versions = (extra: object) => run({ parameters: { resource: 'modelVersion', ...extra } });

describe('Model Version', () => {
	test('Get Published: the published version', async () => {
		const result = await versions({
			operation: 'getPublished',
			assetId: rl(SEED_IDS.revenueForecast),
			simplify: false,
		});
		expect(json(result)).toEqual([
			expect.objectContaining({
				versionNumber: 2,
				published: true,
				assetId: SEED_IDS.revenueForecast,
				nodes: expect.any(Array),
			}),
		]);
	});

	test('Get Published with nothing published: one documented item, not an error', async () => {
		const result = await versions({
			operation: 'getPublished',
			assetId: rl(SEED_IDS.customerChurn),
		});
		expect(result.error).toBeUndefined();
		expect(json(result)).toEqual([
			{
				assetId: SEED_IDS.customerChurn,
				published: false,
				version: null,
				message: 'No version of this model is published yet.',
			},
		]);
	});

	test('Get Published tolerates a service that answers 404 for "nothing published"', async () => {
		await inject(env.sandbox, {
			match: `/api/public/v1/assets/${SEED_IDS.customerChurn}/model`,
			times: 1,
			fault: 'status',
			status: 404,
		});
		const result = await versions({
			operation: 'getPublished',
			assetId: rl(SEED_IDS.customerChurn),
		});
		expect(json(result)).toEqual([expect.objectContaining({ published: false, version: null })]);
		expect(requestsOf(env.sandbox)).toEqual([
			`GET /assets/${SEED_IDS.customerChurn}/model`,
			`GET /assets/${SEED_IDS.customerChurn}`,
		]);
	});

	test('Get Published of an unknown model is a 404 error, not "nothing published"', async () => {
		const result = await versions({ operation: 'getPublished', assetId: rl(UNKNOWN) });
		expect(result.error?.message).toBe(
			`Asset Workspace API: Asset ${UNKNOWN} was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.`,
		);
	});
});

describe('Model Version: simplify', () => {
	test('on for Get Published; off returns the whole canvas', async () => {
		const [lean] = json(
			await run({
				parameters: {
					resource: 'modelVersion',
					operation: 'getPublished',
					assetId: rl(SEED_IDS.revenueForecast),
				},
			}),
		);
		expect(lean).toMatchObject({ versionNumber: 2, nodeCount: 7, edgeCount: 6 });
		expect(lean.nodes).toBeUndefined();
		const [full] = json(
			await run({
				parameters: {
					resource: 'modelVersion',
					operation: 'getPublished',
					assetId: rl(SEED_IDS.revenueForecast),
					simplify: false,
				},
			}),
		);
		expect(full.nodes).toHaveLength(7);
		expect(full.metadata).toBeDefined();
	});
});
