/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Return All of every asset of a sandbox workspace, in a real n8n: this node against n8n's HTTP
 * Request node with offset pagination followed by Split Out (the same items a user would build by
 * hand), optionally the HTTP Request node alone (one item per page) and a raw fetch loop (no n8n).
 */
import { openSession } from '../e2e/workflows';
import { OWNER } from '../test/harness/http';
import { httpRequestReturnAll, returnAllAssets, splitOut, workflow } from './flows';
import { log, measureFlows, medianOf, printWhenRunAlone, RUNS, type Measure } from './measure';

export const THIS_NODE = 'this node';
export const HTTP = 'HTTP Request node alone (page items)';
export const HTTP_SPLIT = 'HTTP Request node + Split Out';
export const RAW = 'raw fetch loop (no n8n)';
/** Assets the sandbox seeds before the generated ones (its owner key reads them all). */
const SEEDED = 21;

export interface ReturnAllOptions {
	assets: number;
	latencyMs: number;
	/** Also the HTTP Request node alone and a raw fetch loop. */
	withBaselines?: boolean;
	runs?: number;
	/** A flow that cannot finish (memory, a crash) is reported, not thrown. */
	mayFail?: boolean;
	/** Names spelt four ways each, which the service sorts as equal (sandbox `nearEqualNames`). */
	nearEqualNames?: boolean;
}

/** Every asset by offset, one page after another, outside n8n. */
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

export async function returnAll(options: ReturnAllOptions): Promise<Measure[]> {
	const { assets, latencyMs } = options;
	const runs = options.runs ?? RUNS;
	const names = options.nearEqualNames ? ' with near-equal names' : '';
	log(
		`Return All of ${assets.toLocaleString('en-US')} assets${names} at ${latencyMs} ms latency...`,
	);
	const session = await openSession({
		sandbox: {
			assets: assets - SEEDED,
			latencyMs,
			jobStepMs: 1000,
			nearEqualNames: options.nearEqualNames,
		},
		log,
	});
	try {
		const sandbox = session.sandbox!;
		const http = httpRequestReturnAll(session.baseUrl);
		const flows = {
			[THIS_NODE]: workflow('benchOurs', [returnAllAssets()], ['Start', 'Asset Workspace']),
			...(!options.nearEqualNames && {
				[HTTP_SPLIT]: workflow(
					'benchHttpSplit',
					[http, splitOut],
					['Start', http.name, 'Split Out'],
				),
			}),
			...(options.withBaselines && {
				[HTTP]: workflow('benchHttp', [http], ['Start', http.name]),
			}),
		};
		const results = await measureFlows(
			session,
			flows,
			(label, run, flow) => {
				const items = run.nodes[flow.nodes.at(-1)!.name][0];
				const count =
					label === HTTP
						? items.reduce((n: number, page: any) => n + page.data.length, 0)
						: items.length;
				if (count !== assets) throw new Error(`${label} returned ${count} assets, not ${assets}`);
				return { requests: sandbox.requests.length, outputBytes: JSON.stringify(items).length };
			},
			{ runs, mayFail: options.mayFail },
		);
		if (options.withBaselines) {
			const raw: Array<{ ms: number; requests: number }> = [];
			for (let r = 0; r < runs; r++) {
				sandbox.requests.length = 0;
				const { ms, count } = await rawFetchLoop(session.baseUrl);
				if (count !== assets) throw new Error(`the raw loop returned ${count} assets`);
				raw.push({ ms, requests: sandbox.requests.length });
			}
			results.push(medianOf(RAW, raw));
		}
		return results;
	} finally {
		await session.close();
	}
}

/** Whether `measures` has a figure for `label` (it ran and finished), and that figure. */
export const measureOf = (measures: Measure[], label: string) =>
	measures.find((m) => m.label === label && !m.failed);

printWhenRunAlone(module, () => {
	const [assets = '100000', latencyMs = '0', runs = '1', baselines] = process.argv.slice(2);
	return returnAll({
		assets: +assets,
		latencyMs: +latencyMs,
		runs: +runs,
		mayFail: true,
		withBaselines: baselines === 'baselines',
	});
});
