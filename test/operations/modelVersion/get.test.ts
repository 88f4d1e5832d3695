/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Model Version > Get (actions/modelVersion/get.operation.ts) in n8n's engine against
 * the sandbox: one version with its canvas, or
 * simplified (the default) to a summary with counts and tool types; an unknown version is a 404
 * naming the request.
 */
import { SEED_IDS, versionOf } from '../../../sandbox/seed';
import { UNKNOWN, json, nodeRunner, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);
const versions = (extra: object) => run({ parameters: { resource: 'modelVersion', ...extra } });

describe('Model Version', () => {
	test('Get: one version with its canvas', async () => {
		const versionId = versionOf('revenue-forecast', 1);
		const result = await versions({
			operation: 'get',
			assetId: rl(SEED_IDS.revenueForecast),
			versionId: rl(versionId, 'list'),
			simplify: false,
		});
		const [version] = json(result) as any[];
		expect(version).toMatchObject({
			id: versionId,
			versionNumber: 1,
			published: false,
			assetId: SEED_IDS.revenueForecast,
		});
		expect(version.nodes.length).toBeGreaterThan(3);
		expect(version.edges.length).toBeGreaterThan(3);
	});

	test('Get: an unknown version is a clear 404 naming the request', async () => {
		const result = await versions({
			operation: 'get',
			assetId: rl(SEED_IDS.revenueForecast),
			versionId: rl(UNKNOWN),
		});
		expect(result.error?.message).toBe(
			`Asset Workspace API: Version ${UNKNOWN} of model ${SEED_IDS.revenueForecast} was not found. [404 not_found] Check the version id: Model Version > Get Many lists them.`,
		);
		expect(result.error?.description).toContain('Check the id');
	});
});

describe('Model Version: simplify', () => {
	const versionId = versionOf('revenue-forecast', 3);

	test('on (the default): the summary with nodeCount, edgeCount and the tool types', async () => {
		const [version] = json(
			await run({
				parameters: {
					resource: 'modelVersion',
					operation: 'get',
					assetId: rl(SEED_IDS.revenueForecast),
					versionId: rl(versionId),
				},
			}),
		);
		expect(version).toEqual({
			id: versionId,
			versionNumber: 3,
			recordType: 'draft',
			published: false,
			comment: 'Draft: sort by weighted amount',
			createdAt: expect.any(String),
			updatedAt: expect.any(String),
			nodeCount: 8,
			edgeCount: 7,
			toolTypes: ['Filter', 'Formula', 'Input', 'Join', 'Output', 'Sort', 'Summarize'],
			assetId: SEED_IDS.revenueForecast,
		});
	});
});
