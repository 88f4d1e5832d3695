/**
 * The sandbox's contract for running Python assets, over real HTTP: an execute's parameters
 * overlay the asset's variables (same names replaced, new ones added) and are kept as sent; a
 * script reading a name that is neither fails. About 1 s.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { api, call, waitForJob } from '../../harness/http';
import { useSandbox } from '../../harness/sandbox-fixture';

const env = useSandbox({ jobStepMs: 60 });

describe('the variable overlay of Python assets', () => {
	const run = async (assetId: string, parameters?: Record<string, unknown>) => {
		const res = await api(env.sandbox, `/assets/${assetId}/execute`, {
			method: 'POST',
			body: { jobSource: 'API', ...(parameters ? { parameters } : {}) },
		});
		expect(res.status).toBe(201);
		const job = await waitForJob(env.sandbox, res.json.data.jobId);
		const inspect = (await call(env.sandbox, `/__sandbox/jobs/${job.jobId}`)).json.data;
		return { job, ...inspect };
	};

	test('parameters overwrite variables of the same name and add new names; parameters are kept as sent', async () => {
		const result = await run(SEED_IDS.slackNotifier, {
			CHANNEL: '#ops',
			MESSAGE: 'hello',
			COUNT: 3,
		});
		expect(result.job.status).toBe('success');
		expect(result.variables).toEqual({
			SLACK_TOKEN: 'xoxb-sandbox-slack-token',
			CHANNEL: '#ops',
			MESSAGE: 'hello',
			COUNT: 3,
		});
		expect(result.parameters).toEqual({ CHANNEL: '#ops', MESSAGE: 'hello', COUNT: 3 });
	});

	test('without parameters the Variables step values are used and parameters are empty', async () => {
		const result = await run(SEED_IDS.slackNotifier);
		expect(result.variables).toEqual({
			SLACK_TOKEN: 'xoxb-sandbox-slack-token',
			CHANNEL: '#data-alerts',
		});
		expect(result.parameters).toEqual({});
	});

	test('a script reading a name that is neither a variable nor a parameter fails', async () => {
		const missing = await run(SEED_IDS.fxRatesLoader);
		expect(missing.job.status).toBe('failed');
		expect(missing.reason).toContain('RUN_DATE');
		const given = await run(SEED_IDS.fxRatesLoader, { RUN_DATE: '2026-11-21' });
		expect(given.job.status).toBe('success');
		expect(given.variables).toMatchObject({ BASE_CURRENCY: 'EUR', RUN_DATE: '2026-11-21' });
	});
});
