/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run bench: benchmarks (not tests) in a real n8n against the sandbox; writes BENCHMARKS.md.
 *
 * 1. Return All of 10,000 assets at 0 ms and 50 ms latency: this node vs n8n's HTTP Request node
 *    with offset pagination followed by Split Out (the same 10,000 items a user would build by
 *    hand), the HTTP Request node alone (101 page items), and a raw fetch loop.
 * 2. 1,000 input items of Asset: Get at 20 ms latency: side by side (Items at Once 10) vs one at a time.
 * 3. One trigger poll over 500 watched jobs at 20 ms latency (n8n-core's PollContext).
 * 4. Trigger polls of Asset Created or Updated over a folder of 10,000 assets at 50 ms latency
 *    (bench/triggerAssets.ts).
 *
 * Times are the node's own execution time as n8n records it (n8n's start-up excluded), the
 * median of RUNS runs; requests come from the sandbox's log; memory is the peak resident size
 * of the `n8n execute` process (GNU time).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';

import { DEFAULT_TRANSPORT_SETTINGS } from '../nodes/shared/transport';
import { POLL_CONCURRENCY } from '../nodes/AssetWorkspaceTrigger/pollJobs';
import { assetTriggerPolls } from './triggerAssets';
import { KEYS, SEED_IDS } from '../sandbox/seed';
import { runtimeOf } from '../e2e/runtime';
import { CREDENTIAL, type WorkflowRun } from '../e2e/n8n';
import { openSession, type Session } from '../e2e/workflows';
import { OWNER } from '../test/helpers/http';

const RUNS = 3;
const HTTP = 'HTTP Request node alone (101 page items)';
const HTTP_SPLIT = 'HTTP Request node + Split Out';
const ROOT = join(__dirname, '..');
const CRED = { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Measure {
	label: string;
	ms: number;
	requests: number;
	peakMb?: number;
}

const start = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
function workflow(id: string, nodes: object[], chain: string[]) {
	const connections: Record<string, object> = {};
	chain.forEach((name, i) => {
		if (i + 1 < chain.length)
			connections[name] = { main: [[{ node: chain[i + 1], type: 'main', index: 0 }]] };
	});
	return {
		id,
		name: id,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [start, ...nodes],
		connections,
	};
}
type Flow = ReturnType<typeof workflow>;

/**
 * Imports the flows, executes each RUNS times in n8n and returns, per flow, the medians of the
 * measured node's execution time, of its requests (as `read` counts them from the sandbox's log,
 * cleared before each run, after checking the run's result) and of n8n's peak memory.
 */
async function measureFlows(
	session: Session,
	flows: Record<string, Flow>,
	read: (label: string, run: WorkflowRun, flow: Flow) => { nodes: string[]; requests: number },
): Promise<Measure[]> {
	for (const flow of Object.values(flows)) await session.n8n.importWorkflow(flow);
	const results: Measure[] = [];
	for (const [label, flow] of Object.entries(flows)) {
		const runs: Measure[] = [];
		for (let r = 0; r < RUNS; r++) {
			session.sandbox!.requests.length = 0;
			const run = await session.n8n.execute(flow.id, { measureMemory: true });
			const { nodes, requests } = read(label, run, flow);
			const runData = run.raw.data.resultData.runData;
			runs.push({
				label,
				ms: nodes.reduce((sum, node) => sum + runData[node][0].executionTime, 0),
				requests,
				peakMb: run.peakKb ? run.peakKb / 1024 : undefined,
			});
		}
		results.push({
			label,
			ms: median(runs.map((m) => m.ms)),
			requests: median(runs.map((m) => m.requests)),
			peakMb: median(runs.map((m) => m.peakMb ?? 0)) || undefined,
		});
	}
	return results;
}

const ours = (name: string, parameters: object, x = 300) => ({
	id: name,
	name,
	type: 'n8n-nodes-asset-workspace.assetWorkspace',
	typeVersion: 1,
	position: [x, 0],
	parameters,
	credentials: CRED,
});

function httpRequestReturnAll(baseUrl: string) {
	return {
		id: 'http',
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [300, 0],
		parameters: {
			url: `${baseUrl}/api/public/v1/assets`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'limit', value: '100' }] },
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${OWNER}` }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: {
							parameters: [{ type: 'qs', name: 'offset', value: '={{ $pageCount * 100 }}' }],
						},
						paginationCompleteWhen: 'other',
						completeExpression: '={{ $response.body.meta.hasMore === false }}',
					},
				},
			},
		},
	};
}

const splitOut = {
	id: 'split',
	name: 'Split Out',
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	position: [500, 0],
	parameters: { fieldToSplitOut: 'data' },
};

async function rawFetchLoop(baseUrl: string): Promise<{ ms: number; count: number }> {
	const started = performance.now();
	let count = 0;
	for (let offset = 0; ; offset += 100) {
		const res = await fetch(`${baseUrl}/api/public/v1/assets?limit=100&offset=${offset}`, {
			headers: { authorization: `Bearer ${OWNER}` },
		});
		const body = (await res.json()) as { data: unknown[]; meta: { hasMore: boolean } };
		count += body.data.length;
		if (!body.meta.hasMore) break;
	}
	return { ms: performance.now() - started, count };
}

async function returnAll(latencyMs: number): Promise<Measure[]> {
	log(`Return All of 10,000 assets at ${latencyMs} ms latency...`);
	const session = await openSession({
		sandbox: { assets: 10_000 - 21, latencyMs, jobStepMs: 1000 },
		log,
	});
	try {
		const sandbox = session.sandbox!;
		const flows = {
			'this node': workflow(
				'benchOurs',
				[ours('Asset Workspace', { resource: 'asset', operation: 'getAll', returnAll: true })],
				['Start', 'Asset Workspace'],
			),
			[HTTP_SPLIT]: workflow(
				'benchHttpSplit',
				[httpRequestReturnAll(session.baseUrl), splitOut],
				['Start', 'HTTP Request', 'Split Out'],
			),
			[HTTP]: workflow(
				'benchHttp',
				[httpRequestReturnAll(session.baseUrl)],
				['Start', 'HTTP Request'],
			),
		};
		const results = await measureFlows(session, flows, (label, run, flow) => {
			const nodes = flow.nodes.slice(1).map((node) => (node as { name: string }).name);
			const items = run.nodes[nodes.at(-1)!][0];
			const count =
				label === HTTP
					? items.reduce((n: number, page: any) => n + page.data.length, 0)
					: items.length;
			if (count !== 10_000) throw new Error(`${label} returned ${count} assets, not 10,000`);
			return { nodes, requests: sandbox.requests.length };
		});
		const raw: Measure[] = [];
		for (let r = 0; r < RUNS; r++) {
			sandbox.requests.length = 0;
			const { ms, count } = await rawFetchLoop(session.baseUrl);
			if (count !== 10_000) throw new Error(`raw loop returned ${count}`);
			raw.push({ label: 'raw fetch loop', ms, requests: sandbox.requests.length });
		}
		results.push({
			label: 'raw fetch loop (no n8n)',
			ms: median(raw.map((m) => m.ms)),
			requests: raw[0].requests,
		});
		return results;
	} finally {
		await session.close();
	}
}

async function manyGets(): Promise<Measure[]> {
	log('1,000 items of Asset: Get at 20 ms latency...');
	const session = await openSession({ sandbox: { assets: 1000 - 21, latencyMs: 20 }, log });
	try {
		const list = ours(
			'List 1,000',
			{ resource: 'asset', operation: 'getAll', returnAll: true },
			200,
		);
		const flows = {
			'this node (Items at Once: 10)': workflow(
				'benchGets10',
				[
					list,
					ours(
						'Get each',
						{
							resource: 'asset',
							operation: 'get',
							assetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						},
						400,
					),
				],
				['Start', 'List 1,000', 'Get each'],
			),
			'one at a time (Items at Once: 1)': workflow(
				'benchGets1',
				[
					list,
					ours(
						'Get each',
						{
							resource: 'asset',
							operation: 'get',
							assetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
							options: { concurrency: 1 },
						},
						400,
					),
				],
				['Start', 'List 1,000', 'Get each'],
			),
		};
		return await measureFlows(session, flows, (label, run) => {
			if (run.nodes['Get each'][0].length !== 1000)
				throw new Error(`${label}: ${run.nodes['Get each'][0].length} items`);
			return {
				nodes: ['Get each'],
				requests: session.sandbox!.requests.filter((req) =>
					req.path.startsWith('/api/public/v1/assets/'),
				).length,
			};
		});
	} finally {
		await session.close();
	}
}

async function triggerPoll(): Promise<Measure[]> {
	log('One trigger poll over 500 watched jobs at 20 ms latency...');
	const { startSandbox } = await import('../sandbox/server');
	const { TriggerHarness } = await import('../test/harness/trigger');
	const sandbox = await startSandbox({ latencyMs: 20, jobStepMs: 1_000_000_000 });
	try {
		const ids = Array.from(
			{ length: 500 },
			() => sandbox.workspace.execute(KEYS[0], SEED_IDS.salesforceOpportunities, 'API', {}).jobId,
		);
		ids.forEach(
			(id, i) => i % 2 === 0 && sandbox.workspace.controlJob(KEYS[0], id, { status: 'success' }),
		);
		const runs: Measure[] = [];
		for (let r = 0; r < RUNS; r++) {
			sandbox.requests.length = 0;
			const trigger = new TriggerHarness(
				{ baseUrl: sandbox.url, apiKey: OWNER },
				{ jobIds: ids.join('\n') },
			);
			const started = performance.now();
			const { items } = await trigger.poll();
			const ms = performance.now() - started;
			if (items?.length !== 250) throw new Error(`poll fired ${items?.length}`);
			runs.push({ label: 'poll', ms, requests: sandbox.requests.length });
		}
		return [
			{
				label: 'first poll of 500 jobs (250 finished)',
				ms: median(runs.map((m) => m.ms)),
				requests: runs[0].requests,
			},
		];
	} finally {
		await sandbox.close();
	}
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
function table(rows: Measure[], against: Measure) {
	return [
		'| run | time (median) | requests | peak memory of `n8n execute` | time vs ' +
			against.label +
			' |',
		'|---|---|---|---|---|',
		...rows.map(
			(r) =>
				`| ${r.label} | ${fmt(r.ms)} | ${r.requests} | ${r.peakMb ? `${Math.round(r.peakMb)} MB` : 'n/a'} | ${ratio(r.ms, against.ms)} |`,
		),
	].join('\n');
}

async function main() {
	const at0 = await returnAll(0);
	const at50 = await returnAll(50);
	const gets = await manyGets();
	const poll = await triggerPoll();
	log('Trigger polls of Asset Created or Updated over a folder of 10,000 assets at 50 ms...');
	const assetPolls = await assetTriggerPolls();
	const n8nLabel = runtimeOf().label;
	const [ours0, split0] = at0;
	const [ours50, , http50] = at50;
	const check = (ok: boolean) => (ok ? 'met' : '**not met**');
	const targets = [
		`| Return All at 50 ms: time <= 1/3 of the HTTP Request node | ${ratio(ours50.ms, http50.ms)} | ${check(ours50.ms <= http50.ms / 3)} |`,
		`| Return All at 50 ms: requests <= ceil(N/100)+3 = 103 | ${ours50.requests} | ${check(ours50.requests <= 103)} |`,
		`| Return All at 0 ms: time <= 1.2x the HTTP Request node + Split Out | ${ratio(ours0.ms, split0.ms)} | ${check(ours0.ms <= 1.2 * split0.ms)} |`,
		`| 1,000 Gets: >= 4x faster than one at a time | ${ratio(gets[1].ms, gets[0].ms)} faster | ${check(gets[1].ms >= 4 * gets[0].ms)} |`,
		`| Trigger poll of 500 jobs at 20 ms: <= 2 s | ${fmt(poll[0].ms)} | ${check(poll[0].ms <= 2000)} |`,
	];
	const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node.js ${process.version} (bench and sandbox), ${n8nLabel}.
Benchmarks, not tests: nothing here fails a build. Each time is the median of ${RUNS} runs of the
node's own execution time as n8n records it (n8n's start-up excluded); requests come from the
sandbox's request log; memory is the peak resident size of the whole \`n8n execute\` process
(n8n itself is most of it). The sandbox runs in the bench process on this machine; its
\`--latency-ms\` delays every answer to imitate a network.

## Targets

| target | measured | |
|---|---|---|
${targets.join('\n')}

## Return All of 10,000 assets, 0 ms latency

The anchor is what a user builds by hand for the same output: the HTTP Request node with
offset pagination (101 page items) followed by Split Out (10,000 asset items). Its time is
the sum of both nodes' times.

${table(at0, split0)}

## Return All of 10,000 assets, 50 ms latency

${table(at50, http50)}

This node reads the first page, then keeps ${DEFAULT_TRANSPORT_SETTINGS.pagesInFlight} pages in flight (after a 429 its rate
gate lets one through at a time, then more as answers succeed); the HTTP Request node and the
raw loop read one page after another. 10,000 is a
multiple of the page size, so all three also read the empty page at offset 10,000.

## 1,000 input items of Asset: Get, 20 ms latency

${table(gets, gets[1])}

## Trigger: one poll over 500 watched jobs, 20 ms latency

Through n8n-core's PollContext in the bench process (a poll in a running n8n happens at most
once a minute, which makes it impractical to time there). The first poll asks for every
watched job, ${POLL_CONCURRENCY} at a time.

| run | time (median) | requests |
|---|---|---|
${poll.map((p) => `| ${p.label} | ${fmt(p.ms)} | ${p.requests} |`).join('\n')}

## Trigger: Asset Created or Updated over a folder of 10,000 assets, 50 ms latency

Through n8n-core's PollContext, one poll at a time (bench/triggerAssets.ts); the workspace holds
50,000 assets. Each poll reads the folder's listing, one page of 100 after another; the state is
the size of what n8n saves for the trigger.

| poll | time | requests | fired | state |
|---|---|---|---|---|
${assetPolls.map((p) => `| ${p.label} | ${fmt(p.ms)} | ${p.requests} | ${p.fired} | ${p.stateBytes.toLocaleString('en-US')} bytes |`).join('\n')}
`;
	writeFileSync(join(ROOT, 'BENCHMARKS.md'), doc);
	process.stdout.write(doc);
}

main().catch((error: unknown) => {
	process.stderr.write(`bench: ${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
