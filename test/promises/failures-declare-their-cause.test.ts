/**
 * Promise: every error the node and the trigger throw declares why it failed, where n8n 2.41 reads
 * it (`failure`: the cause, and for a rate limit the wait the service asked for), and the key is in
 * none of it. Real runs in n8n's engine (the node in WorkflowExecute, the trigger's poll through
 * PollContext) against the sandbox and its faults, on a test clock (a hang and a Retry-After cost
 * no real time), and a port nothing listens on. About 2 s. The mapping itself, rule by rule:
 * test/unit/shared/each-failure-declares-its-cause.test.ts.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, api, startJob } from '../harness/http';
import { sendJson, useFakeServers } from '../harness/fake-server';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { getAsset, inject, nodeRunner, rl, useSandbox } from '../harness/fixtures';
import { TriggerHarness } from '../harness/trigger';

const clock = new TestClock();
const env = useSandbox({ jobStepMs: 1_000_000_000, clock });
const run = nodeRunner(env);
const transport = testTransport({}, clock);
const serve = useFakeServers();

/** What an error declares (n8n 2.41 reads it there). */
const declared = (error: unknown) => (error as { failure?: unknown } | undefined)?.failure;

/** Everything an error shows: its fields as n8n stores them, its message and its description. */
const shown = (error: { message?: string; description?: string | null } | undefined) =>
	`${JSON.stringify(error)} ${error?.message} ${error?.description}`;

/** Each fault of the service, the cause it declares, and the wait it asked for. */
const FAULTS = [
	['401 (the key revoked)', { fault: 'status', status: 401 }, 'credential-invalid'],
	['400', { fault: 'status', status: 400 }, 'configuration-invalid'],
	['500', { fault: 'status', status: 500 }, 'temporarily-unavailable'],
	['no answer (it hangs)', { fault: 'hang' }, 'temporarily-unavailable'],
	['an answer of another shape', { fault: 'wrong-shape' }, 'node-defect'],
	['an HTML page answering 200', { fault: 'html', status: 200 }, 'temporarily-unavailable'],
] as const;

const RATE_LIMITED = { fault: 'status', status: 429, retryAfterSeconds: 120, echoRequest: true };
/** A 429 asking for 120 s: more than the node waits, so it fails, declaring that wait. */
const rateLimitedFailure = () => ({
	cause: 'rate-limited',
	retryAfterMs: 120_000,
	resetsAtEpochMs: expect.any(Number),
});

describe('the node', () => {
	test.each(FAULTS)('%s', async (_label, fault, cause) => {
		await inject(env.sandbox, {
			match: '/api/public/v1/assets/',
			times: 100,
			echoRequest: true,
			...fault,
		});
		const { error } = await run({ parameters: getAsset() });
		expect(declared(error)).toEqual({ cause });
		expect(shown(error)).not.toContain(OWNER);
	});

	test('429 with Retry-After: 120: rate limited, and the wait dated on n8n’s clock', async () => {
		await inject(env.sandbox, { match: '/api/public/v1/assets/', times: 100, ...RATE_LIMITED });
		const { error } = await run({ parameters: getAsset() });
		expect(declared(error)).toEqual(rateLimitedFailure());
		const { resetsAtEpochMs } = declared(error) as { resetsAtEpochMs: number };
		expect(resetsAtEpochMs).toBe(clock.now() + 120_000);
		expect(shown(error)).not.toContain(OWNER);
	});

	test('an id that is gone (404), bad input and a failed expression: the settings', async () => {
		const gone = await run({ parameters: getAsset('00000000-0000-4000-8000-000000000000') });
		expect(gone.error?.httpCode).toBe('404');
		const badInput = await run({ parameters: getAsset('={{ "Revenue Forecast" }}') });
		const expression = await run({ parameters: getAsset('={{ $json.( }}') });
		expect(expression.error?.message).toBe('invalid syntax');
		for (const { error } of [gone, badInput, expression])
			expect(declared(error)).toEqual({ cause: 'configuration-invalid' });
	});

	test('a 403 to the listing of all assets is the key’s; to a folder’s, the folder’s', async () => {
		const getMany = (filters = {}) => ({ resource: 'asset', operation: 'getAll', filters });
		await inject(env.sandbox, {
			match: '/api/public/v1/assets',
			times: 100,
			fault: 'status',
			status: 403,
		});
		const all = await run({ parameters: getMany() });
		const folder = await run({
			parameters: getMany({ folderId: rl(SEED_IDS.folders.marketing) }),
		});
		expect(declared(all.error)).toEqual({ cause: 'credential-invalid' });
		expect(declared(folder.error)).toEqual({ cause: 'configuration-invalid' });
	});

	test('a listing that contradicts itself breaks the contract; one too long wants a filter', async () => {
		const one = (await api(env.sandbox, '/assets?limit=1')).json.data[0];
		// Pages of fresh assets forever; `meta.offset` 0 on every page, or the one asked for.
		const endless = (echo: boolean) =>
			serve((req, res) => {
				const offset = Number(new URL(req.url!, 'http://x').searchParams.get('offset'));
				const data = Array.from({ length: 100 }, (_, n) => ({
					...one,
					id: `00000000-0000-4000-8000-${String(offset + n).padStart(12, '0')}`,
					name: `${one.name} ${String(offset + n).padStart(12, '0')}`,
				}));
				sendJson(res, 200, {
					data,
					meta: { limit: 100, offset: echo ? offset : 0, hasMore: true },
				});
			});
		const returnAll = { resource: 'asset', operation: 'getAll', returnAll: true };
		const contradicts = await run({
			credentials: { baseUrl: (await endless(false)).url, apiKey: OWNER },
			parameters: returnAll,
		});
		const tooLong = await run({
			credentials: { baseUrl: (await endless(true)).url, apiKey: OWNER },
			parameters: returnAll,
			settings: { ...transport, maxPages: 3 },
		});
		expect(contradicts.error?.message).toContain('came back as offset 0');
		expect(declared(contradicts.error)).toEqual({ cause: 'node-defect' });
		expect(tooLong.error?.message).toContain('did not end after 3 pages');
		// No one page to blame: the request named without an offset.
		expect(tooLong.error?.description).toBe(
			'Request: GET /api/public/v1/assets. Narrow it with a Folder filter, or turn off Return All and set a Limit.',
		);
		expect(declared(tooLong.error)).toEqual({ cause: 'configuration-invalid' });
	});

	test('nothing answers at all', async () => {
		const { error } = await run({
			credentials: { baseUrl: 'http://127.0.0.1:9', apiKey: OWNER },
			parameters: getAsset(),
		});
		expect(declared(error)).toEqual({ cause: 'temporarily-unavailable' });
	});
});

describe('the trigger: a poll that fails', () => {
	const poll = async (jobIds: string, apiKey = OWNER) =>
		await new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey },
			{ jobIds },
			{ settings: { transport } },
		).poll();

	test.each(FAULTS)('%s', async (_label, fault, cause) => {
		const { jobId } = await startJob(env.sandbox, SEED_IDS.salesforceOpportunities);
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			times: 100,
			echoRequest: true,
			...fault,
		});
		const { error } = await poll(jobId);
		expect(declared(error)).toEqual({ cause });
		expect(shown(error)).not.toContain(OWNER);
	});

	test('429 with Retry-After: 120: rate limited, with that wait', async () => {
		const { jobId } = await startJob(env.sandbox, SEED_IDS.salesforceOpportunities);
		await inject(env.sandbox, { match: '/api/public/v1/jobs/', times: 100, ...RATE_LIMITED });
		const { error } = await poll(jobId);
		expect(declared(error)).toEqual(rateLimitedFailure());
		expect(shown(error)).not.toContain(OWNER);
	});

	test('a key that reads nothing (403 to every id and to the listing) is the key’s', async () => {
		const { jobId } = await startJob(env.sandbox, SEED_IDS.salesforceOpportunities);
		await inject(env.sandbox, {
			match: '/api/public/v1/',
			times: 100,
			fault: 'status',
			status: 403,
		});
		const { error } = await poll(jobId);
		expect(error?.httpCode).toBe('403');
		expect(declared(error)).toEqual({ cause: 'credential-invalid' });
	});

	test('Job IDs that are no ids, or an expression that fails: the settings', async () => {
		const invalid = await poll('not-a-job');
		const expression = await poll('={{ $json.( }}');
		expect(expression.error?.message).toBe('invalid syntax');
		expect(declared(invalid.error)).toEqual({ cause: 'configuration-invalid' });
		expect(declared(expression.error)).toEqual({ cause: 'configuration-invalid' });
	});
});
