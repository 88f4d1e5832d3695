/**
 * The sandbox's contract (Asset Workspace public API v1, docs/sandbox.md): every public route
 * answers 401 without a valid bearer key (none, a wrong one, another scheme) and serves both
 * sandbox keys; an unknown route is a 404 with an error body. Over real HTTP.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { OWNER, VIEWER, api, call } from '../../harness/http';
import { expectError } from '../../harness/contract';
import { UNKNOWN, useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('authentication', () => {
	const paths = [
		['GET', '/assets'],
		['GET', `/assets/${SEED_IDS.revenueForecast}`],
		['POST', `/assets/${SEED_IDS.revenueForecast}/execute`],
		['GET', `/assets/${SEED_IDS.revenueForecast}/model/versions`],
		['GET', `/assets/${SEED_IDS.revenueForecast}/model`],
		['GET', `/jobs/${UNKNOWN}`],
	];
	test.each(paths)(
		'%s %s answers 401 without a token, with a wrong token and with another scheme',
		async (method, path) => {
			for (const options of [
				{ key: null },
				{ key: 'aw_wrong' },
				{ key: null, headers: { authorization: `Basic ${OWNER}` } },
			]) {
				const res = await api(env.sandbox, path, {
					method,
					...options,
					body: method === 'POST' ? { jobSource: 'API' } : undefined,
				});
				expectError(res, 401, 'unauthorized');
				expect(res.headers.get('www-authenticate')).toBe('Bearer');
			}
		},
	);

	test('both sandbox keys are accepted, the scheme case-insensitively', async () => {
		expect((await api(env.sandbox, '/assets', { key: OWNER })).status).toBe(200);
		expect((await api(env.sandbox, '/assets', { key: VIEWER })).status).toBe(200);
		expect(
			(
				await api(env.sandbox, '/assets', {
					key: null,
					headers: { authorization: `bearer ${OWNER}` },
				})
			).status,
		).toBe(200);
	});
});

describe('unknown routes', () => {
	test('unknown paths are 404 with an error body', async () => {
		expectError(await api(env.sandbox, '/nothing'), 404, 'not_found');
		expectError(await call(env.sandbox, '/api/public/v2/assets'), 404, 'not_found');
	});
});
