/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Timing workflows in a real n8n: each flow executed with `n8n execute` several times; per flow the
 * median of the measured nodes' execution time as n8n records it (n8n's start-up excluded), of
 * the requests the sandbox logged, and of the peak resident memory of the `n8n execute` process
 * (GNU time).
 */
import type { WorkflowRun } from '../e2e/n8n';
import type { Session } from '../e2e/workflows';
import { measuredNodes, type Flow } from './flows';

/** Runs of each timed flow or loop; its median is what the report shows. */
export const RUNS = 3;

export const log = (line: string) => process.stderr.write(`${line}\n`);

export const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface Measure {
	label: string;
	/** Median time. */
	ms: number;
	/** Median requests. */
	requests: number;
	/** Median peak memory of `n8n execute`, when measured. */
	peakMb?: number;
	/** The JSON size of the flow's output items, when measured. */
	outputBytes?: number;
	/** Median time of each timed node of a flow in n8n (by name), when there are several. */
	nodeMs?: Record<string, number>;
	/** How many runs the medians are of. */
	runs: number;
	/** Why the flow gave no figure (it could not finish), when it did not. */
	failed?: string;
}

/** The median of each figure over runs of one label. */
export function medianOf(label: string, runs: Array<Omit<Measure, 'label' | 'runs'>>): Measure {
	return {
		label,
		ms: median(runs.map((m) => m.ms)),
		requests: median(runs.map((m) => m.requests)),
		peakMb: median(runs.map((m) => m.peakMb ?? 0)) || undefined,
		outputBytes: median(runs.map((m) => m.outputBytes ?? 0)) || undefined,
		nodeMs: nodeMedians(runs),
		runs: runs.length,
	};
}

function nodeMedians(runs: Array<Pick<Measure, 'nodeMs'>>) {
	const names = Object.keys(runs[0]?.nodeMs ?? {});
	if (names.length < 2) return undefined;
	return Object.fromEntries(names.map((n) => [n, median(runs.map((m) => m.nodeMs![n]))]));
}

/** Why `n8n execute` gave no result: its exit code, a heap that ran out, its peak memory. */
function whyNoResult(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const exit = /gave no result \(exit ([^)]*)\)/.exec(message)?.[1];
	if (exit === undefined) return message.split('\n')[0];
	const peakKb = /__PEAK_KB=(\d+)/.exec(message)?.[1];
	return [
		`n8n exited ${exit} with no result`,
		/heap out of memory/i.test(message) && 'JavaScript heap out of memory',
		peakKb && `peak memory ${Math.round(Number(peakKb) / 1024)} MB`,
	]
		.filter(Boolean)
		.join(', ');
}

/**
 * Checks a run's result (throws if it is wrong); its requests, as counted in the sandbox's log,
 * and optionally the JSON size of its output items.
 */
export type ReadRun = (
	label: string,
	run: WorkflowRun,
	flow: Flow,
) => { requests: number; outputBytes?: number };

/**
 * Imports the flows, executes each `runs` times and returns each flow's medians (the time of
 * `timedNodes`, by default every node after Start). The sandbox's
 * log is cleared before each run. With `mayFail`, a flow that gives no result (n8n crashed, ran
 * out of memory, or a node failed) is reported as failed, with its peak memory, and not run again.
 */
export async function measureFlows(
	session: Session,
	flows: Record<string, Flow>,
	read: ReadRun,
	options: { runs?: number; mayFail?: boolean; timedNodes?: string[] } = {},
): Promise<Measure[]> {
	const runs = options.runs ?? RUNS;
	for (const flow of Object.values(flows)) await session.n8n.importWorkflow(flow);
	const results: Measure[] = [];
	for (const [label, flow] of Object.entries(flows)) {
		const measured: Array<Omit<Measure, 'label' | 'runs'>> = [];
		for (let r = 0; r < runs; r++) {
			session.sandbox!.requests.length = 0;
			const started = performance.now();
			try {
				const run = await session.n8n.execute(flow.id, { measureMemory: true });
				if (run.error) throw new Error(`${run.error.node ?? 'n8n'}: ${run.error.message}`);
				const runData = run.raw.data.resultData.runData;
				const timed = (options.timedNodes ?? measuredNodes(flow)).map(
					(node) => [node, runData[node][0].executionTime] as const,
				);
				measured.push({
					...read(label, run, flow),
					ms: timed.reduce((sum, [, ms]) => sum + ms, 0),
					nodeMs: Object.fromEntries(timed),
					peakMb: run.peakKb ? run.peakKb / 1024 : undefined,
				});
			} catch (error) {
				if (!options.mayFail) throw error;
				const seconds = Math.round((performance.now() - started) / 1000);
				const failed = `${whyNoResult(error)} after ${seconds} s and ${session.sandbox!.requests.length} requests`;
				log(`${label}: ${failed}`);
				results.push({ label, ms: NaN, requests: NaN, runs: r + 1, failed });
				break;
			}
		}
		if (measured.length === runs) results.push(medianOf(label, measured));
	}
	return results;
}

/** Run on its own (`tsx bench/<file>.ts`): prints what `run` gives as JSON, or the error (exit 1). */
export function printWhenRunAlone(main: NodeModule, run: () => Promise<unknown>) {
	if (require.main !== main) return;
	run()
		.then((result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`))
		.catch((error: unknown) => {
			process.stderr.write(`${String(error)}\n`);
			process.exit(1);
		});
}
