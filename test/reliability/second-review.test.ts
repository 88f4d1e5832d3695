/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Regression tests for issue 17, the second outside review: each point as the reviewer
 * reproduced it, against the sandbox or a small fake server, the node in n8n's real execution
 * engine and the trigger through n8n-core's PollContext (in each of n8n's ways of keeping its
 * state where that matters).
 */
import { LAST_ANSWER_MS } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import { POLL_CONCURRENCY } from '../../nodes/AssetWorkspaceTrigger/pollJobs';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, api, call, controlJob, sandboxJobs, startJob } from '../helpers/http';
import { fakeServer, sendJson, type FakeServer } from '../helpers/fake-server';
import {
	listSearch,
	runNode,
	testCredential,
	testTransport,
	type NodeRunOptions,
} from '../harness/engine';
import { inject, json, requestsOf, rl, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const env = useSandbox({ jobStepMs: 1_000_000_000 });
const run = (
	options: Omit<NodeRunOptions, 'credentials'> & { credentials?: NodeRunOptions['credentials'] },
) => runNode({ credentials: env.credentials, ...options });

const servers: FakeServer[] = [];
async function serve(handler: Parameters<typeof fakeServer>[0]) {
	const server = await fakeServer(handler);
	servers.push(server);
	return server;
}
afterEach(async () => {
	await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A listing server over `total` generated assets with its own page size and hidden entries. */
async function listingServer(
	total: number,
	pageSize: number,
	hidden: (i: number) => boolean = () => false,
) {
	const assets = Array.from({ length: total }, (_, i) => ({
		id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
		name: `Asset ${String(i).padStart(5, '0')}`,
		description: null,
		type: 'Source',
		createdAt: '2026-01-01T00:00:00Z',
		updatedAt: '2026-01-01T00:00:00Z',
		owner: { id: null, displayName: null, email: null },
		parentFolder: null,
		schedules: [],
	}));
	const server = await serve((req, res) => {
		const query = new URL(req.url!, 'http://x').searchParams;
		const offset = Number(query.get('offset') ?? 0);
		const limit = Math.min(Number(query.get('limit') ?? 50), pageSize);
		const slice = assets.slice(offset, offset + limit);
		sendJson(res, 200, {
			data: slice.filter((_, i) => !hidden(offset + i)),
			meta: { limit, offset, hasMore: slice.length === limit },
		});
	});
	return { server, visible: assets.filter((_, i) => !hidden(i)) };
}

describe('17.1 the trigger fires once whatever the timing, in each of n8n’s modes', () => {
	test.each(N8N_MODES)('%s: two polls at once fire a finished job once', async (mode) => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const trigger = new TriggerHarness(env.credentials, { jobIds: jobId }, { mode });
		expect((await trigger.poll()).items).toBeNull();
		await controlJob(env.sandbox, jobId, { status: 'success' });
		// The slower poll (delayed answers) starts first and would commit last.
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${jobId}`,
			fault: 'slow-body',
			delayMs: 300,
			times: 1,
		});
		const [slow, fast] = await trigger.overlapping(2);
		const fired = [...(slow.items ?? []), ...(fast.items ?? [])];
		expect(fired.map((j) => j.jobId)).toEqual([jobId]);
		expect((await trigger.poll()).items).toBeNull();
		trigger.restart();
		expect((await trigger.poll()).items).toBeNull();
	});

	// 52 jobs whose status answers take 1.5 s each, asked 16 at a time, in polls of at most 4 s
	// (asking 3.6 s of them): a poll asks 16, 16 more, then 16 that its window cuts off, and never
	// asks the last 4, which the next poll asks first. On a busy machine the first 16 still have
	// 2.1 s to spare; the modes run side by side (about 8 s together), each with its own jobs.
	const CEILING_MS = 4000;
	const ANSWER_MS = 1500;
	const JOBS = 3 * POLL_CONCURRENCY + 4;
	/** Asking every job (four rounds of answers) would take 6 s. */
	const LONGEST_MS = CEILING_MS + 1500;

	test.concurrent.each(N8N_MODES)(
		'%s: a poll ends within its budget; jobs not asked in time go first next poll',
		async (mode) => {
			const ids: string[] = [];
			for (let i = 0; i < JOBS; i++)
				ids.push((await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId);
			for (const id of ids) await controlJob(env.sandbox, id, { status: 'failed' });
			await inject(
				env.sandbox,
				ids.map((id) => ({
					match: `/api/public/v1/jobs/${id}`,
					fault: 'slow-body',
					delayMs: ANSWER_MS,
					times: 100,
				})),
			);
			const trigger = new TriggerHarness(
				env.credentials,
				{ jobIds: ids.join(',') },
				{ mode, settings: { pollCeilingMs: CEILING_MS } },
			);
			/** The jobs asked for so far, in the order the sandbox saw the requests. */
			const asked = () =>
				env.sandbox.requests.map((r) => r.path.split('/').pop()!).filter((id) => ids.includes(id));
			const fired: string[] = [];
			const durations: number[] = [];
			const askedIn: string[][] = [];
			for (let poll = 0; poll < 8 && fired.length < ids.length; poll++) {
				const before = asked().length;
				const result = await trigger.poll();
				expect(result.error).toBeUndefined();
				durations.push(result.durationMs);
				askedIn.push(asked().slice(before));
				fired.push(...(result.items ?? []).map((j) => j.jobId as string));
			}
			// The polls that took too long, with their durations in ms (none).
			expect(durations.filter((ms) => ms >= LONGEST_MS)).toEqual([]);
			expect([...fired].sort()).toEqual([...ids].sort());
			expect(new Set(fired).size).toBe(ids.length);
			// The first poll's window closed before it asked for every job; those went first in the next
			// poll's first 16 requests (all sent before any answer came).
			const notAsked = ids.filter((id) => !askedIn[0].includes(id));
			expect(notAsked.length).toBeGreaterThan(0);
			const nextFirst = askedIn[1].slice(0, POLL_CONCURRENCY);
			expect(nextFirst.filter((id) => notAsked.includes(id))).toHaveLength(
				Math.min(notAsked.length, POLL_CONCURRENCY),
			);
		},
		120_000,
	);

	test('n8n 2.41 default: a job seen running only by a poll that emitted nothing, finished while n8n restarted, fires once (Fire for Jobs Already Finished on)', async () => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const trigger = new TriggerHarness(env.credentials, { jobIds: jobId }, { mode: 'default' });
		expect((await trigger.activate()).items).toBeNull();
		await controlJob(env.sandbox, jobId, { status: 'running' });
		expect((await trigger.poll()).items).toBeNull(); // kept in memory only
		await controlJob(env.sandbox, jobId, { status: 'success' });
		trigger.restart();
		expect((await trigger.activate()).items?.map((j) => [j.jobId, j.previousStatus])).toEqual([
			[jobId, 'pending'],
		]);
	});

	test('the same with Fire for Jobs Already Finished off: exact with durable poll cursors; without them the running sighting is lost', async () => {
		const outcome = async (mode: 'default' | 'durable') => {
			const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
			const parameters = { jobIds: jobId, options: { emitAlreadyFinished: false } };
			const trigger = new TriggerHarness(env.credentials, parameters, { mode });
			await trigger.poll();
			await controlJob(env.sandbox, jobId, { status: 'running' });
			await trigger.poll();
			await controlJob(env.sandbox, jobId, { status: 'success' });
			trigger.restart();
			const first = mode === 'durable' ? await trigger.poll() : await trigger.activate();
			return (first.items ?? []).length + ((await trigger.poll()).items ?? []).length;
		};
		expect(await outcome('durable')).toBe(1);
		expect(await outcome('default')).toBe(0);
	});
});

describe('17.2 Return All gives every asset or an error', () => {
	test('a server whose page is smaller than asked (meta.limit 50): all 250', async () => {
		const { server, visible } = await listingServer(250, 50);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		expect(json(result).map((a) => a.id)).toEqual(visible.map((a) => a.id));
	});

	test('pages of 98 with hasMore (internal-only assets left out): 490 of 490', async () => {
		const { server, visible } = await listingServer(
			500,
			100,
			(i) => i % 100 === 7 || i % 100 === 70,
		);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		});
		expect(visible).toHaveLength(490);
		expect(json(result).map((a) => a.id)).toEqual(visible.map((a) => a.id));
	});

	test('Limit across short pages counts what it returns', async () => {
		const { server, visible } = await listingServer(500, 100, (i) => i % 100 === 7);
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: { resource: 'asset', operation: 'getAll', returnAll: false, limit: 250 },
		});
		expect(json(result).map((a) => a.id)).toEqual(visible.slice(0, 250).map((a) => a.id));
	});
});

describe('17.3 Wait for Completion ends within about a second of its Timeout, whatever the server does', () => {
	/** What a busy machine may add to a real wait (events run late, answers arrive late). */
	const LATE_MS = 1000;

	const waitFor = (jobId: string, timeout: number) => ({
		resource: 'job',
		operation: 'wait',
		jobId,
		options: { timeout },
	});

	test.each([
		['503 with Retry-After 10', { fault: 'status', status: 503, retryAfterSeconds: 10 }],
		['503 with Retry-After 60', { fault: 'status', status: 503, retryAfterSeconds: 60 }],
		['429 with Retry-After 10', { fault: 'status', status: 429, retryAfterSeconds: 10 }],
		['a server that never answers', { fault: 'hang' }],
	])('%s: Timeout 1 s', async (_label, fault) => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		await inject(env.sandbox, { match: '/api/public/v1/jobs/', times: 100, ...fault });
		const result = await run({ parameters: waitFor(jobId, 1), settings: testTransport({}) });
		expect(result.error?.message).toBe(
			`Job ${jobId} did not finish within 1 s (last status: unknown)`,
		);
		// The Timeout, the last check's second to answer, and a second for a busy machine: far
		// below the Retry-After (10 s, 60 s) or the attempt timeout (30 s) it must not wait for.
		expect(result.nodeMs).toBeLessThan(1000 + LAST_ANSWER_MS + LATE_MS);
	});

	test('a cancelled execution ends its wait at once, and asks nothing more', async () => {
		const jobId = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const result = await run({ parameters: waitFor(jobId, 3600), cancelAfterMs: 2500 });
		// Status checks at 0, 1 and 2.5 s, the next at 4.75 s: a wait that did not end at once would
		// end then at the earliest.
		expect(result.nodeMs).toBeLessThan(2500 + LATE_MS);
		const asked = requestsOf(env.sandbox).length;
		await new Promise((resolve) => setTimeout(resolve, 2500));
		expect(requestsOf(env.sandbox)).toHaveLength(asked);
	});
});

describe('17.4 a 429 slows the node down as a whole', () => {
	test('50 items at once, every answer 429 with Retry-After 1: one probe a second, not a burst per item', async () => {
		const server = await serve((_req, res) =>
			sendJson(
				res,
				429,
				{ error: { code: 'rate_limited', message: 'Slow down.' } },
				{ 'Retry-After': '1' },
			),
		);
		const items = Array.from({ length: 50 }, () => ({ id: SEED_IDS.revenueForecast }));
		const result = await run({
			credentials: { baseUrl: server.url, apiKey: OWNER },
			parameters: {
				resource: 'asset',
				operation: 'get',
				assetId: rl('={{ $json.id }}'),
				options: { concurrency: 50 },
			},
			items,
			onError: 'continueRegularOutput',
		});
		const failed = json(result);
		expect(failed).toHaveLength(50);
		expect(failed.every((item) => item.details.httpCode === '429')).toBe(true);
		// Before: 200 requests in four bursts of 50. Now: the first burst, then one probe per Retry-After.
		expect(server.requests.length).toBeLessThanOrEqual(50 + 3);
		const probes = server.requests.slice(50).map((r) => r.at);
		const first = server.requests[0].at;
		probes.forEach((at, n) => expect(at - first).toBeGreaterThanOrEqual(1000 * (n + 1) - 50));
	});
});

describe('17.5 the pickers read a bounded number of pages', () => {
	const big = useSandbox({ assets: 30_000, jobStepMs: 1_000_000_000 });
	test('a search with no match reads 5 pages and hands back a token to go on', async () => {
		const first = await listSearch('searchAssets', {
			credentials: big.credentials,
			filter: 'no asset is called this',
		});
		expect(first.results).toEqual([]);
		expect(first.paginationToken).toBe('500');
		expect(big.sandbox.requests).toHaveLength(5);
		const next = await listSearch('searchAssets', {
			credentials: big.credentials,
			filter: 'no asset is called this',
			paginationToken: first.paginationToken,
		});
		expect(next.paginationToken).toBe('1000');
		expect(big.sandbox.requests).toHaveLength(10);
	});

	test('the Folder picker finds the folders among the first 500 and says where to go on', async () => {
		const folders = await listSearch('searchFolders', { credentials: big.credentials });
		expect(big.sandbox.requests.length).toBeLessThanOrEqual(5);
		expect(folders.paginationToken).toBeDefined();
	});

	test('a search that is an asset id asks for that asset alone', async () => {
		const found = await listSearch('searchAssets', {
			credentials: big.credentials,
			filter: SEED_IDS.revenueForecast,
		});
		expect(found.results.map((r: any) => r.value)).toEqual([SEED_IDS.revenueForecast]);
		expect(requestsOf(big.sandbox)).toEqual([`GET /assets/${SEED_IDS.revenueForecast}`]);
	});
});

describe('17.6 one job answering 403 does not stop the trigger for the others', () => {
	test.each(N8N_MODES)('%s: the 403 is reported once for that job, the rest fire', async (mode) => {
		const [a, b] = [
			(await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId,
			(await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId,
		];
		await controlJob(env.sandbox, a, { status: 'success' });
		await inject(env.sandbox, {
			match: `/api/public/v1/jobs/${b}`,
			fault: 'status',
			status: 403,
			times: 100,
		});
		const trigger = new TriggerHarness(env.credentials, { jobIds: `${a}, ${b}` }, { mode });
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toEqual([
			expect.objectContaining({ jobId: a, status: 'success' }),
			expect.objectContaining({
				jobId: b,
				status: 'forbidden',
				forbidden: true,
				message: expect.stringContaining('answers 403'),
			}),
		]);
		expect((await trigger.poll()).items).toBeNull();
		await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
		await controlJob(env.sandbox, b, { status: 'failed' });
		expect((await trigger.poll()).items?.map((j) => [j.jobId, j.status])).toEqual([[b, 'failed']]);
	});

	test('a 403 for every job asked: the key is checked, and a key without rights fails the poll; a 401 does too', async () => {
		const a = (await startJob(env.sandbox, SEED_IDS.salesforceOpportunities)).jobId;
		const trigger = new TriggerHarness(env.credentials, { jobIds: a });
		// The key reads the workspace: the 403 is this job's own, reported once.
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			fault: 'status',
			status: 403,
			times: 1,
		});
		expect((await trigger.poll()).items).toEqual([
			expect.objectContaining({ jobId: a, forbidden: true }),
		]);
		expect(requestsOf(env.sandbox).slice(-2)).toEqual([`GET /jobs/${a}`, 'GET /assets?limit=1']);
		// The key reads nothing: the poll fails.
		await inject(env.sandbox, { match: '/api/public/v1/', fault: 'status', status: 403, times: 2 });
		expect((await trigger.poll()).error?.message).toMatch(/\[403/);
		await inject(env.sandbox, {
			match: '/api/public/v1/jobs/',
			fault: 'status',
			status: 401,
			times: 1,
		});
		expect((await trigger.poll()).error?.message).toMatch(/\[401/);
	});
});

describe('17.7 Execute never sends parameters other than written', () => {
	test('a number JSON cannot carry exactly is refused before sending, naming the parameter', async () => {
		const before = (await sandboxJobs(env.sandbox)).length;
		const result = await run({
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.salesforceOpportunities),
				specifyParameters: 'json',
				parametersJson: '{"ACCOUNT_ID": 12345678901234567891, "RATIO": 1e400}',
				waitForCompletion: false,
			},
		});
		expect(result.error?.message).toBe(
			'Parameters (JSON): ACCOUNT_ID is 12345678901234567891, which a JSON number cannot carry exactly (it would be sent as 12345678901234567000)',
		);
		expect((await sandboxJobs(env.sandbox)).length).toBe(before);
		expect(requestsOf(env.sandbox)).toEqual([]);
	});

	test('the same number as text is sent as written', async () => {
		const result = await run({
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.salesforceOpportunities),
				specifyParameters: 'json',
				parametersJson: '{"ACCOUNT_ID": "12345678901234567891", "RATIO": 0.25}',
				waitForCompletion: false,
			},
		});
		const job = (await sandboxJobs(env.sandbox)).find((j) => j.job.jobId === json(result)[0].jobId);
		expect(job?.parameters).toEqual({ ACCOUNT_ID: '12345678901234567891', RATIO: 0.25 });
	});
});

describe('17.8 a Retry-After that is not a delay is no Retry-After', () => {
	const garbage = ['-5', 'abc 1', '5.'];

	test.each(garbage)(
		'GET answered 503 with Retry-After %j: the normal backoff, not at once',
		async (header) => {
			const server = await serve((_req, res) =>
				sendJson(
					res,
					503,
					{ error: { code: 'unavailable', message: 'Busy.' } },
					{ 'Retry-After': header },
				),
			);
			const started = Date.now();
			const result = await run({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
				settings: {
					...testTransport({ baseDelayMs: 100, maxDelayMs: 1000 }),
					chance: { now: Date.now, random: () => 1 },
				},
			});
			expect(result.error?.message).toBe(
				'Asset Workspace API: Busy. [503 unavailable] The service failed: try again later.',
			);
			expect(server.requests).toHaveLength(4);
			// Backoffs of 100, 200 and 400 ms between the four attempts.
			expect(Date.now() - started).toBeGreaterThanOrEqual(700);
		},
	);

	test.each(garbage)(
		'POST answered 503 with Retry-After %j: not sent again, and it may have run',
		async (header) => {
			const server = await serve((_req, res) =>
				sendJson(
					res,
					503,
					{ error: { code: 'unavailable', message: 'Busy.' } },
					{ 'Retry-After': header },
				),
			);
			const result = await run({
				credentials: { baseUrl: server.url, apiKey: OWNER },
				parameters: {
					resource: 'asset',
					operation: 'execute',
					assetId: rl(SEED_IDS.revenueForecast),
					waitForCompletion: false,
				},
			});
			expect(server.requests).toHaveLength(1);
			expect(result.error?.description).toContain('A job may have been queued');
		},
	);
});

describe('17.9 the credential test refuses what the node refuses', () => {
	test('a 3-character key: the same message from both', async () => {
		const credentials = { baseUrl: env.sandbox.url, apiKey: 'abc' };
		const message = 'API Key is 3 characters long: an Asset Workspace API key is longer';
		expect(await testCredential(credentials)).toEqual({ status: 'Error', message });
		const result = await run({
			credentials,
			parameters: { resource: 'asset', operation: 'get', assetId: rl(SEED_IDS.revenueForecast) },
		});
		expect(result.error?.message).toBe(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('17.10 the sandbox under abuse', () => {
	test('a malformed percent-encoding is a 400', async () => {
		const answer = await api(env.sandbox, '/assets/%E0%A4%A');
		expect(answer.status).toBe(400);
		expect(answer.json.error.code).toBe('invalid_parameter');
	});

	test('requests without a valid key are not logged; the log keeps the newest entries only', async () => {
		const { REQUEST_LOG_LIMIT } = await import('../../sandbox/server');
		for (let i = 0; i < 20; i++) await api(env.sandbox, '/assets', { key: 'aw_wrong_key' });
		expect(env.sandbox.requests).toHaveLength(0);
		const burst = 200;
		env.sandbox.requests.push(
			...Array.from({ length: REQUEST_LOG_LIMIT - 100 }, () => ({ ...fakeEntry })),
		);
		for (let i = 0; i < burst; i += 50) {
			await Promise.all(Array.from({ length: 50 }, () => api(env.sandbox, '/assets?limit=1')));
		}
		expect(env.sandbox.requests).toHaveLength(REQUEST_LOG_LIMIT);
		expect(env.sandbox.requests.at(-1)?.path).toBe('/api/public/v1/assets');
	});

	test('a body over 2 MiB is answered 413, and others are answered meanwhile', async () => {
		const big = JSON.stringify({
			jobSource: 'API',
			parameters: { X: 'x'.repeat(3 * 1024 * 1024) },
		});
		const [tooBig, other] = await Promise.all([
			api(env.sandbox, `/assets/${SEED_IDS.revenueForecast}/execute`, {
				method: 'POST',
				rawBody: big,
				headers: { 'content-type': 'application/json' },
			}),
			api(env.sandbox, '/assets?limit=1'),
		]);
		expect(tooBig.status).toBe(413);
		expect(other.status).toBe(200);
	});
});

const fakeEntry = {
	method: 'GET',
	path: '/filler',
	query: {},
	status: 200,
	fault: null,
	time: new Date(0).toISOString(),
	durationMs: 0,
};
