/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: every operation of both nodes keeps its invariants under every fault the sandbox can
 * inject (status codes with and without Retry-After, resets, hangs, slow, HTML, malformed, empty
 * and wrong-shaped bodies), once and persistent: an answer or a clear error, after exactly the
 * requests the retry rules allow (Retry-After honoured, a POST sent again only when refused, so
 * Execute queues at most one job), within the Timeout; the key never shown; the other item
 * unharmed; a trigger's faulted job fires on the next poll. In n8n's engine; renders
 * docs/RELIABILITY.md (`npm run docs:reliability`) and fails when that file differs.
 *
 * Most of a cell's time is waiting (Retry-After, timeouts, Job: Wait's Timeout), so the twelve
 * operations of a fault run side by side (six at a time: jest's maxConcurrency), each against a
 * sandbox of its own: about a minute for the 312 cells instead of about 3 one after another.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { INodeParameters } from 'n8n-workflow';
import { join } from 'node:path';

import { LAST_ANSWER_MS } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import { KEYS, SEED_IDS, stableUuid } from '../../sandbox/seed';
import { startSandbox, type LoggedRequest, type Sandbox } from '../../sandbox/server';
import {
	OPERATIONS,
	WAIT_TIMEOUT_SECONDS,
	renderReliability,
	type MatrixCell,
} from '../../scripts/reliability-doc';
import { OWNER, call } from '../helpers/http';
import { runNode, testTransport, type SandboxCredentials } from '../harness/engine';
import { inject, json, rl } from '../harness/fixtures';
import { TriggerHarness } from '../harness/trigger';

const DOC = join(__dirname, '..', '..', 'docs', 'RELIABILITY.md');
const API = '/api/public/v1';

/** What a cell runs against: the sandbox of its operation. */
interface Env {
	sandbox: Sandbox;
	credentials: SandboxCredentials;
}
const envs = new Map<string, Env>();
beforeAll(async () => {
	for (const operation of OPERATIONS) {
		const sandbox = await startSandbox({ jobStepMs: 1_000_000_000 });
		const env = { sandbox, credentials: { baseUrl: sandbox.url, apiKey: OWNER } };
		envs.set(operation, env);
		// One run without a fault first, one operation at a time: n8n-core and the node load what
		// they load on first use here, not in the first cells, which run side by side and whose
		// real waits (a 1 s Retry-After, 2 s attempts) such a burst of work would skew.
		await operations[operation](env).run();
	}
});
afterAll(async () => {
	await Promise.all([...envs.values()].map((env) => env.sandbox.close()));
});

const FAULTS: Array<{
	label: string;
	fault: Record<string, unknown>;
	getRetried: boolean;
	postRetried: boolean;
	processed: boolean;
	ok?: boolean;
}> = [
	{
		label: '429 + Retry-After',
		fault: { fault: 'status', status: 429, retryAfterSeconds: 1, echoRequest: true },
		getRetried: true,
		postRetried: true,
		processed: false,
	},
	{
		label: '500',
		fault: { fault: 'status', status: 500, echoRequest: true },
		getRetried: false,
		postRetried: false,
		processed: false,
	},
	{
		label: '502',
		fault: { fault: 'status', status: 502, echoRequest: true },
		getRetried: true,
		postRetried: false,
		processed: false,
	},
	{
		label: '503',
		fault: { fault: 'status', status: 503, echoRequest: true },
		getRetried: true,
		postRetried: false,
		processed: false,
	},
	{
		label: '503 + Retry-After',
		fault: { fault: 'status', status: 503, retryAfterSeconds: 1, echoRequest: true },
		getRetried: true,
		postRetried: true,
		processed: false,
	},
	{
		label: '504',
		fault: { fault: 'status', status: 504, echoRequest: true },
		getRetried: true,
		postRetried: false,
		processed: false,
	},
	{
		label: 'connection reset',
		fault: { fault: 'reset' },
		getRetried: true,
		postRetried: false,
		processed: true,
	},
	{
		label: 'hang (timeout)',
		fault: { fault: 'hang' },
		getRetried: true,
		postRetried: false,
		processed: true,
	},
	{
		label: 'slow body',
		fault: { fault: 'slow-body', delayMs: 200 },
		getRetried: false,
		postRetried: false,
		processed: true,
		ok: true,
	},
	{
		label: 'HTML error page (502)',
		fault: { fault: 'html', echoRequest: true },
		getRetried: true,
		postRetried: false,
		processed: false,
	},
	{
		label: 'malformed JSON',
		fault: { fault: 'malformed-json' },
		getRetried: false,
		postRetried: false,
		processed: true,
	},
	{
		label: 'empty body',
		fault: { fault: 'empty-body' },
		getRetried: false,
		postRetried: false,
		processed: true,
	},
	{
		label: 'wrong-shape JSON',
		fault: { fault: 'wrong-shape' },
		getRetried: false,
		postRetried: false,
		processed: true,
	},
];

interface Outcome {
	ok: boolean;
	message?: string;
	/** The error of a second input item that the fault does not touch (none expected). */
	secondItemError?: string;
	everything: string;
}

const version1 = stableUuid('version:revenue-forecast:1');
const version3 = stableUuid('version:revenue-forecast:3');
const jobs = (env: Env) => env.sandbox.workspace['jobs'] as Map<string, unknown>;
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
const operations: Record<
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
		settings: SETTINGS,
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
		{ settings: { transport: SETTINGS } },
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
		{ settings: { transport: SETTINGS } },
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

const cells: MatrixCell[] = [];
/**
 * Each attempt is cut off after 2 s, so hanging faults stay quick. Six cells run at once here,
 * beside other test files: a slow body (200 ms), or a request that must reach the sandbox before
 * its attempt is cut off, keeps 1.8 s to spare on a busy machine (with 500 ms and 1 s, both failed
 * under load).
 */
const SETTINGS = testTransport({ attemptTimeoutMs: 2000 });
const { attemptTimeoutMs, maxAttempts } = SETTINGS.retry;
/**
 * Job: Wait's requests start within its Timeout, but the last check's retries, which have
 * LAST_ANSWER_MS more; this much more is allowed for a busy machine (the next status check would
 * come a whole poll interval, 2.25 s, later).
 */
const LATE_MS = 1000;

/** Every request the cell's sandbox saw, in ms after the run began, for failure messages. */
const logOf = (requests: LoggedRequest[], began: number) =>
	requests
		.map(
			(r) =>
				`+${Date.parse(r.time) - began} ms ${r.method} ${r.path}: ${r.status ?? 'no answer'}${r.fault ? ` (${r.fault})` : ''}, ${r.durationMs} ms`,
		)
		.join('\n');

/** Runs `checks`; a failure says what the sandbox saw besides what the check expected. */
async function explained(checks: () => Promise<void> | void, context: () => string) {
	try {
		await checks();
	} catch (error) {
		throw new Error(`${(error as Error).message}\n\n${context()}`);
	}
}

describe.each(
	FAULTS.flatMap((f) =>
		(['once', 'persistent'] as const).map((mode) => [f.label, mode, f] as const),
	),
)('%s, %s', (_label, mode, f) => {
	test.concurrent.each(OPERATIONS)('%s', async (operation) => {
		const env = envs.get(operation)!;
		await call(env.sandbox, '/__sandbox/reset', { method: 'POST' });
		const { path, method, run } = operations[operation](env);
		await call(env.sandbox, '/__sandbox/requests', { method: 'DELETE' });
		const jobsBefore = jobs(env).size;
		await inject(env.sandbox, {
			match: path,
			method,
			times: mode === 'once' ? 1 : 100,
			...f.fault,
		});
		const began = Date.now();
		const outcome = await run();
		const hits = env.sandbox.requests.filter((r) => r.path === path && r.method === method);
		const retried = method === 'GET' ? f.getRetried : f.postRetried;
		const recovered = f.ok ?? (mode === 'once' && retried);
		// The trigger watches two jobs and the fault touches one: the poll goes on (the other fires), and the
		// faulted job fires on the next poll (checked in triggerRun). Job: Wait polls on through the fault
		// until its timeout. Other operations fail unless a retry recovers.
		const waits = operation === 'Job: Wait';
		const triggers = ['Trigger: jobs', 'Trigger: model versions'];
		// A listing page the service rate limits ends the asset event's poll quietly (rate-limits-asset-event.test.ts).
		const rateLimited = operation === 'Trigger: assets' && f.label.startsWith('429');
		const expectOk =
			triggers.includes(operation) || recovered || rateLimited || (waits && mode === 'once');
		const untilTimeout = waits && !expectOk;
		// The jobs trigger's second poll asks again only for a job the first poll did not get; Job: Wait's
		// next status check too. The model-version and asset events ask again at every poll.
		const everyPoll = ['Trigger: model versions', 'Trigger: assets'].includes(operation);
		const askedAgain =
			everyPoll || ((operation === 'Trigger: jobs' || waits) && !recovered) ? 1 : 0;
		// Execute: the jobs the run queued, less the second item's.
		const queued = operation === 'Asset: Execute' ? jobs(env).size - jobsBefore - 1 : undefined;

		const seen = () =>
			`The sandbox saw (${path} is faulted):\n${logOf(env.sandbox.requests, began)}\nThe second item: ${outcome.secondItemError ?? 'ok'}`;
		await explained(() => {
			expect({
				ok: outcome.ok,
				message: outcome.message,
				requests: hits.length,
			}).toEqual({
				ok: expectOk,
				message: expectOk
					? undefined
					: untilTimeout
						? expect.stringMatching(/^Job .* did not finish within/)
						: expect.stringMatching(/^Asset Workspace API: /),
				requests: untilTimeout
					? expect.any(Number)
					: (!retried ? 1 : mode === 'once' ? 2 : maxAttempts) + askedAgain,
			});
			if (untilTimeout) {
				// It kept asking until its Timeout (2 s), which bounds every request: none starts after it
				// but the last check's retries, whose answer may take a second more.
				const starts = hits.map((h) => Date.parse(h.time));
				expect(hits.length).toBeGreaterThanOrEqual(2);
				expect(Math.max(...starts) - Math.min(...starts)).toBeLessThanOrEqual(
					WAIT_TIMEOUT_SECONDS * 1000 + LAST_ANSWER_MS + LATE_MS,
				);
			}
			expect(outcome.everything).not.toContain(OWNER);
			expect(outcome.secondItemError).toBeUndefined();
			if (f.label.startsWith('429') && hits.length > 1) {
				expect(Date.parse(hits[1].time) - Date.parse(hits[0].time)).toBeGreaterThanOrEqual(900);
			}
			if (queued !== undefined) {
				expect(queued).toBe(expectOk || f.processed ? 1 : 0);
				if (!expectOk && f.processed && (f.label.includes('reset') || f.label.includes('hang'))) {
					expect(outcome.message).toContain(
						'the request may have reached the service, so it was not sent again',
					);
				}
			}
		}, seen);
		cells.push({
			operation,
			fault: f.label,
			mode,
			outcome: outcome.ok ? 'ok' : 'error',
			requests: hits.length,
			jobs: queued,
			untilTimeout,
		});
	});
});

afterAll(() => {
	if (cells.length !== OPERATIONS.length * FAULTS.length * 2) return; // a filtered run renders nothing
	const doc = renderReliability(cells, {
		timeoutMs: attemptTimeoutMs,
		maxAttempts: maxAttempts,
	});
	if (process.env.UPDATE_RELIABILITY === '1') writeFileSync(DOC, doc);
	else expect(existsSync(DOC) ? readFileSync(DOC, 'utf8') : '').toBe(doc);
});
