/**
 * The fault matrix's operations (test/promises/fault-matrix.test.ts): for each operation of both
 * nodes, the request its first item makes (the one a fault is injected on) and a run of it, with
 * a second, untouched item where it has one, in n8n's engine or through the trigger's PollContext.
 */
import { SEED_IDS, versionOf } from '../../../sandbox/seed';
import { WAIT_TIMEOUT_SECONDS } from '../../../scripts/reliability-doc';
import { rl } from '../fixtures';
import { finishedJob, type Env, type Outcome } from './cell';
import { nodeRun } from './node-run';
import { eventTriggerRun, triggerRun } from './trigger-runs';

const API = '/api/public/v1';

const version1 = versionOf('revenue-forecast', 1);
const version3 = versionOf('revenue-forecast', 3);

/** Each operation: the path its first item's request goes to, and a run with a second, untouched item where it has one. */
export const operations: Record<
	string,
	(env: Env) => { path: string; method: 'GET' | 'POST'; run: () => Promise<Outcome> }
> = {
	'Asset: Get': (env) => ({
		path: `${API}/assets/${SEED_IDS.revenueForecast}`,
		method: 'GET',
		run: () =>
			nodeRun(env, { resource: 'asset', operation: 'get', assetId: rl('={{ $json.id }}') }, [
				{ id: SEED_IDS.revenueForecast },
				{ id: SEED_IDS.stripePayments },
			]),
	}),
	'Asset: Get Many': (env) => ({
		path: `${API}/assets`,
		method: 'GET',
		run: () => nodeRun(env, { resource: 'asset', operation: 'getAll', returnAll: true }),
	}),
	'Asset: Execute': (env) => ({
		path: `${API}/assets/${SEED_IDS.salesforceOpportunities}/execute`,
		method: 'POST',
		run: () =>
			nodeRun(
				env,
				{
					resource: 'asset',
					operation: 'execute',
					waitForCompletion: false,
					assetId: rl('={{ $json.id }}'),
				},
				[{ id: SEED_IDS.salesforceOpportunities }, { id: SEED_IDS.stripePayments }],
			),
	}),
	'Model Version: Get Many': (env) => ({
		path: `${API}/assets/${SEED_IDS.revenueForecast}/model/versions`,
		method: 'GET',
		run: () =>
			nodeRun(
				env,
				{
					resource: 'modelVersion',
					operation: 'getAll',
					returnAll: true,
					assetId: rl('={{ $json.id }}'),
				},
				[{ id: SEED_IDS.revenueForecast }, { id: SEED_IDS.campaignAttribution }],
			),
	}),
	'Model Version: Get': (env) => ({
		path: `${API}/assets/${SEED_IDS.revenueForecast}/model/versions/${version1}`,
		method: 'GET',
		run: () =>
			nodeRun(env, {
				resource: 'modelVersion',
				operation: 'get',
				assetId: rl(SEED_IDS.revenueForecast),
				versionId: rl(version1),
			}),
	}),
	'Model Version: Get Published': (env) => ({
		path: `${API}/assets/${SEED_IDS.revenueForecast}/model`,
		method: 'GET',
		run: () =>
			nodeRun(
				env,
				{ resource: 'modelVersion', operation: 'getPublished', assetId: rl('={{ $json.id }}') },
				[{ id: SEED_IDS.revenueForecast }, { id: SEED_IDS.inventoryProjection }],
			),
	}),
	'Model Version: Compare': (env) => ({
		path: `${API}/assets/${SEED_IDS.revenueForecast}/model/versions/${version3}`,
		method: 'GET',
		run: () =>
			nodeRun(
				env,
				{ resource: 'modelVersion', operation: 'compare', assetId: rl('={{ $json.id }}') },
				[{ id: SEED_IDS.revenueForecast }, { id: SEED_IDS.campaignAttribution }],
			),
	}),
	'Job: Get': (env) => {
		const [a, b] = [finishedJob(env), finishedJob(env)];
		return {
			path: `${API}/jobs/${a}`,
			method: 'GET',
			run: () =>
				nodeRun(env, { resource: 'job', operation: 'get', jobId: '={{ $json.id }}' }, [
					{ id: a },
					{ id: b },
				]),
		};
	},
	'Job: Wait': (env) => {
		const [a, b] = [finishedJob(env), finishedJob(env)];
		return {
			path: `${API}/jobs/${a}`,
			method: 'GET',
			run: () =>
				nodeRun(
					env,
					{
						resource: 'job',
						operation: 'wait',
						jobId: '={{ $json.id }}',
						options: { timeout: WAIT_TIMEOUT_SECONDS },
					},
					[{ id: a }, { id: b }],
				),
		};
	},
	'Trigger: jobs': (env) => {
		const [a, b] = [finishedJob(env), finishedJob(env)];
		return { path: `${API}/jobs/${a}`, method: 'GET', run: () => triggerRun(env, a, b) };
	},
	'Trigger: model versions': (env) => ({
		path: `${API}/assets/${SEED_IDS.revenueForecast}/model/versions`,
		method: 'GET',
		run: () => eventTriggerRun(env, 'modelVersion'),
	}),
	'Trigger: assets': (env) => ({
		path: `${API}/assets`,
		method: 'GET',
		run: () => eventTriggerRun(env, 'asset'),
	}),
};
