/**
 * The sandbox's contract for POST /assets/{assetId}/execute, over real HTTP: a pending job, 201;
 * each seeded asset's scripted outcome; a folder 400, a model with nothing published 409; bodies
 * that do not fit (400, 415); unknown, internal or hidden assets 404, GET 405. About 2 s.
 */
import { KEYS, SEED_IDS } from '../../../sandbox/seed';
import { VIEWER, api, waitForJob } from '../../harness/http';
import { UUID, expectError } from '../../harness/contract';
import { UNKNOWN, useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });
const F = SEED_IDS.folders;

describe('POST /assets/{assetId}/execute', () => {
	const JOB_KEYS = [
		'assetId',
		'finishedAt',
		'jobId',
		'jobSource',
		'jobSourceId',
		'startedAt',
		'status',
	];

	test('execute queues a pending job: 201 {data: Job}', async () => {
		const res = await api(env.sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.json)).toEqual(['data']);
		expect(Object.keys(res.json.data).sort()).toEqual(JOB_KEYS);
		expect(res.json.data).toMatchObject({
			status: 'pending',
			assetId: SEED_IDS.salesforceOpportunities,
			jobSource: 'API',
			startedAt: null,
			finishedAt: null,
		});
		expect(res.json.data.jobId).toMatch(UUID);
		expect(res.json.data.jobSourceId).toBe(KEYS[0].user.id);
	});

	test.each([
		['success', SEED_IDS.revenueForecast],
		['warning', SEED_IDS.webAnalytics],
		['failed', SEED_IDS.postgresOrders],
		['warning', SEED_IDS.inventoryProjection],
		['failed', SEED_IDS.weeklyMarketing],
		['success', SEED_IDS.nightlyFinance],
	])('scripted outcome %s for asset %s', async (outcome, assetId) => {
		const res = await api(env.sandbox, `/assets/${assetId}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expect(res.status).toBe(201);
		expect((await waitForJob(env.sandbox, res.json.data.jobId)).status).toBe(outcome);
	});

	test('executing a folder is a 400 not_executable; a model with nothing published is a 409', async () => {
		expectError(
			await api(env.sandbox, `/assets/${F.finance}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
			400,
			'not_executable',
		);
		const res = await api(env.sandbox, `/assets/${SEED_IDS.customerChurn}/execute`, {
			method: 'POST',
			body: { jobSource: 'API' },
		});
		expectError(res, 409, 'not_executable');
		expect(res.json.error.message).toContain('no published version');
	});

	test.each([
		[
			'malformed JSON',
			{ rawBody: '{"jobSource": ', headers: { 'content-type': 'application/json' } },
			400,
			'invalid_body',
		],
		['a JSON array', { body: [] }, 400, 'invalid_body'],
		['no jobSource', { body: { parameters: {} } }, 400, 'invalid_body'],
		['an empty jobSource', { body: { jobSource: '' } }, 400, 'invalid_body'],
		['a numeric jobSource', { body: { jobSource: 1 } }, 400, 'invalid_body'],
		[
			'parameters as an array',
			{ body: { jobSource: 'API', parameters: [1] } },
			400,
			'invalid_body',
		],
		[
			'a parameter name with a dash',
			{ body: { jobSource: 'API', parameters: { 'RUN-DATE': 'x' } } },
			400,
			'invalid_parameter',
		],
		[
			'no JSON content type',
			{ rawBody: '{"jobSource":"API"}', headers: { 'content-type': 'text/plain' } },
			415,
			'unsupported_media_type',
		],
	])('execute with %s is rejected', async (_name, options, status, code) => {
		const res = await api(env.sandbox, `/assets/${SEED_IDS.salesforceOpportunities}/execute`, {
			method: 'POST',
			...(options as object),
		});
		expectError(res, status as number, code as string);
	});

	test('execute of an unknown, internal or hidden asset is a 404; GET on execute is a 405', async () => {
		expectError(
			await api(env.sandbox, `/assets/${UNKNOWN}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
			404,
			'not_found',
		);
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.internalCache}/execute`, {
				method: 'POST',
				body: { jobSource: 'API' },
			}),
			404,
			'not_found',
		);
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.payrollClose}/execute`, {
				method: 'POST',
				key: VIEWER,
				body: { jobSource: 'API' },
			}),
			404,
			'not_found',
		);
		expectError(
			await api(env.sandbox, `/assets/${SEED_IDS.payrollClose}/execute`),
			405,
			'method_not_allowed',
		);
	});
});
