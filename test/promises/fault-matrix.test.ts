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
 * A cell's waits (Retry-After, attempt time limits, hangs, slow bodies, Job: Wait's Timeout) are
 * on a test clock (harness/clock.ts) of its operation's own, which a busy machine cannot move: the
 * twelve operations of a fault run side by side (six at a time: jest's maxConcurrency), each
 * against a sandbox of its own, and the bounds are exact. About 5 s for the 312 cells (about a
 * minute and a half on the real clock). The operations and how each is run:
 * test/harness/fault-matrix/.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { LAST_ANSWER_MS } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import type { LoggedRequest } from '../../sandbox/server';
import {
	OPERATIONS,
	WAIT_TIMEOUT_SECONDS,
	renderReliability,
	type MatrixCell,
} from '../../scripts/reliability-doc';
import { OWNER, call } from '../harness/http';
import { RETRY, jobs, startEnv, type Env } from '../harness/fault-matrix/cell';
import { operations } from '../harness/fault-matrix/operations';
import { inject } from '../harness/fixtures';

const DOC = join(__dirname, '..', '..', 'docs', 'RELIABILITY.md');

const envs = new Map<string, Env>();
beforeAll(async () => {
	for (const operation of OPERATIONS) {
		const env = await startEnv();
		envs.set(operation, env);
		// One run without a fault first, one operation at a time: n8n-core and the node load what
		// they load on first use here, not in the first cells, which run side by side.
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

const cells: MatrixCell[] = [];
const { attemptTimeoutMs, maxAttempts } = RETRY;

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
		const began = env.settings.clock.now();
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
				// but the last check's retries, whose answer may take a second more (the sandbox's log is
				// on the test clock).
				const starts = hits.map((h) => Date.parse(h.time));
				expect(hits.length).toBeGreaterThanOrEqual(2);
				expect(Math.max(...starts) - Math.min(...starts)).toBeLessThanOrEqual(
					WAIT_TIMEOUT_SECONDS * 1000 + LAST_ANSWER_MS,
				);
			}
			expect(outcome.everything).not.toContain(OWNER);
			expect(outcome.secondItemError).toBeUndefined();
			if (f.label.startsWith('429') && hits.length > 1) {
				// Not before the Retry-After (1 s).
				expect(Date.parse(hits[1].time) - Date.parse(hits[0].time)).toBeGreaterThanOrEqual(1000);
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
