/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Model Version > Get Many (actions/modelVersion/getAll.operation.ts) in n8n's engine against
 * the sandbox: the versions in the service's order with the model id added; Limit on the unpaged list.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { json, nodeRunner, requestsOf, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const versions = (extra: object) => run({ parameters: { resource: 'modelVersion', ...extra } });

describe('Model Version', () => {
	test('Get Many: the service order (newest first here), with the model id added', async () => {
		const result = await versions({
			operation: 'getAll',
			assetId: rl(SEED_IDS.revenueForecast),
			returnAll: true,
		});
		const items = json(result) as any[];
		expect(items.map((v) => [v.versionNumber, v.published])).toEqual([
			[3, false],
			[2, true],
			[1, false],
		]);
		expect(
			items.every((v) => v.assetId === SEED_IDS.revenueForecast && v.nodes === undefined),
		).toBe(true);
	});

	test('Get Many: Limit applies to the unpaged list', async () => {
		const result = await versions({
			operation: 'getAll',
			assetId: rl(SEED_IDS.revenueForecast),
			returnAll: false,
			limit: 2,
		});
		expect((json(result) as any[]).map((v) => v.versionNumber)).toEqual([3, 2]);
		expect(requestsOf(env.sandbox)).toEqual([
			`GET /assets/${SEED_IDS.revenueForecast}/model/versions`,
		]);
	});
});
