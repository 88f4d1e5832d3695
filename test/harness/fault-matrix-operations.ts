/**
 * The fault matrix's operations (test/promises/fault-matrix.test.ts): for each operation of both
 * nodes, the request its first item makes (the one a fault is injected on) and a run of it, with
 * a second, untouched item where it has one, in n8n's engine or through the trigger's PollContext.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { TransportSettings } from '../../nodes/shared/transport';
import { KEYS, SEED_IDS, stableUuid } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { WAIT_TIMEOUT_SECONDS } from '../../scripts/reliability-doc';
import { OWNER, call } from '../helpers/http';
import { TestClock } from './clock';
import { runNode, testTransport, type SandboxCredentials } from './engine';
import { json, rl } from './fixtures';
import { TriggerHarness } from './trigger';

const API = '/api/public/v1';

/**
 * What a cell runs against: the sandbox of its operation, and the transport settings its node
 * and trigger run with, both on the operation's test clock (harness/clock.ts).
 */
export interface Env {
	sandbox: Sandbox;
	credentials: SandboxCredentials;
	settings: TransportSettings;
}

/**
 * The retry policy of the matrix: each attempt is cut off after 2 s, on the test clock (a hang
 * costs no real time; a request on its way to the sandbox stops that clock, so a busy machine
 * cannot cut it off).
 */
export const RETRY = testTransport({ attemptTimeoutMs: 2000 }).retry;

/** The sandbox of an operation and the settings its runs use, on a test clock of its own. */
export async function startEnv(): Promise<Env> {
	const clock = new TestClock();
	const sandbox = await startSandbox({ jobStepMs: 1_000_000_000, clock });
	const credentials = { baseUrl: sandbox.url, apiKey: OWNER };
	return { sandbox, credentials, settings: testTransport(RETRY, clock) };
}

export interface Outcome {
	ok: boolean;
	message?: string;
	/** The error of a second input item that the fault does not touch (none expected). */
	secondItemError?: string;
	everything: string;
}

const version1 = stableUuid('version:revenue-forecast:1');
const version3 = stableUuid('version:revenue-forecast:3');
export const jobs = (env: Env) => env.sandbox.workspace['jobs'] as Map<string, unknown>;
function finishedJob(env: Env): string {
	const { jobId } = env.sandbox.workspace.execute(
		KEYS[0],
		SEED_IDS.salesforceOpportunities,
		'API',
		{},
	);
	env.sandbox.workspace.controlJob(KEYS[0], jobId, { status: 'success' });
	return jobId;
}

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

async function nodeRun(
	env: Env,
	parameters: INodeParameters,
	items?: Array<{ id: string }>,
): Promise<Outcome> {
	const result = await runNode({
		settings: env.settings,
		credentials: env.credentials,
		parameters,
		items,
		onError: 'continueRegularOutput',
	});
	const out = json(result);
	const first =
		out.find((o) => (o.details?.itemIndex ?? 0) === 0 && o.error) ??
		(result.error ? { error: result.error.message } : undefined);
	const second = items && items.length > 1 ? out[out.length - 1] : undefined;
	return {
		ok: !first && !result.error,
		message: first?.error ?? result.error?.message,
		secondItemError: second?.error,
		everything:
			JSON.stringify(result.run) +
			JSON.stringify(out) +
			String(result.error?.message) +
			String(result.error?.description),
	};
}

async function triggerRun(env: Env, jobId: string, other: string): Promise<Outcome> {
	const trigger = new TriggerHarness(
		env.credentials,
		{ jobIds: `${jobId}, ${other}` },
		{ settings: { transport: env.settings } },
	);
	const first = await trigger.poll();
	await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
	const second = await trigger.poll();
	const fired = [...(first.items ?? []), ...(second.items ?? [])];
	const firedFor = (id: string) => fired.filter((j) => j.jobId === id).length;
	expect(firedFor(jobId)).toBe(1);
	expect(firedFor(other)).toBe(1);
	expect(fired).toHaveLength(2);
	return {
		ok: !first.error,
		message: first.error?.message,
		everything: JSON.stringify(fired) + String(first.error?.message) + JSON.stringify(first.error),
	};
}

/**
 * The trigger's model-version or asset event, firing what exists: a poll with the fault, then
 * one without. Every version (created, and published) or asset fires once over the two.
 */
async function eventTriggerRun(env: Env, event: 'modelVersion' | 'asset'): Promise<Outcome> {
	const models = [SEED_IDS.revenueForecast, SEED_IDS.customerChurn];
	const watched =
		event === 'modelVersion'
			? { models: { model: models.map((id) => ({ assetId: rl(id) })) } }
			: {};
	const trigger = new TriggerHarness(
		env.credentials,
		{ event, ...watched, options: { emitExisting: true } },
		{ settings: { transport: env.settings } },
	);
	const first = await trigger.poll();
	await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
	const second = await trigger.poll();
	const fired = [...(first.items ?? []), ...(second.items ?? [])];
	const events = fired
		.filter((i) => i.event === 'created' || i.event === 'published')
		.map((i) => `${i.event} ${i.versionId ?? i.id}`);
	const expected =
		event === 'modelVersion'
			? 3 + 1 + 2 // Revenue Forecast's three versions and its published one; Customer Churn's two
			: env.sandbox.workspace.assetCount;
	expect(new Set(events).size).toBe(expected);
	expect(events).toHaveLength(expected);
	return {
		ok: !first.error,
		message: first.error?.message,
		everything: JSON.stringify(fired) + String(first.error?.message) + JSON.stringify(first.error),
	};
}
