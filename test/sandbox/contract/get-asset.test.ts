/**
 * The sandbox's contract for GET /assets/{assetId}, over real HTTP: one asset in the envelope,
 * with its details and schedules; unknown, internal-only and hidden ids are 404, malformed ones
 * 400.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { OWNER, VIEWER, api } from '../../harness/http';
import { ISO, expectAssetShape, expectError } from '../../harness/contract';
import { UNKNOWN, useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });
const F = SEED_IDS.folders;

describe('GET /assets/{assetId}', () => {
	test('returns one asset in the envelope', async () => {
		const res = await api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}`);
		expect(res.status).toBe(200);
		expect(Object.keys(res.json)).toEqual(['data']);
		expectAssetShape(res.json.data);
		expect(res.json.data).toMatchObject({
			name: 'Revenue Forecast',
			type: 'Model',
			parentFolder: { id: F.finance, name: 'Finance' },
			details: { tablePrefix: 'fin_rev_' },
		});
	});

	test('orchestrations carry computeProfile', async () => {
		const res = await api(env.sandbox, `/assets/${SEED_IDS.nightlyFinance}`);
		expect(res.json.data.details).toEqual({ computeProfile: 'Medium' });
		expect(res.json.data.schedules[0]).toEqual({
			cronExpression: '0 2 * * *',
			timezone: 'Europe/Berlin',
			nextRunAt: expect.stringMatching(ISO),
		});
	});

	test('unknown, internal-only and hidden ids are 404; malformed ids are 400', async () => {
		expectError(await api(env.sandbox, `/assets/${UNKNOWN}`), 404, 'not_found');
		expectError(await api(env.sandbox, `/assets/${SEED_IDS.internalCache}`), 404, 'not_found');
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.payrollClose}`, { key: VIEWER }),
			404,
			'not_found',
		);
		expect(
			(await api(env.sandbox, `/assets/${SEED_IDS.payrollClose}`, { key: OWNER })).status,
		).toBe(200);
		expectError(await api(env.sandbox, '/assets/not-a-uuid'), 400, 'invalid_parameter');
	});
});
