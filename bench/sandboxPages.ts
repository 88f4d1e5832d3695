/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The sandbox's own time per page of GET /assets (limit 100), in-process: the route and the
 * Workspace, and the JSON of the answer, without HTTP and without latency. For workspaces of
 * 1,000, 10,000 and 1,000,000 public assets: the owner key's listing at its start, middle and
 * end, and the middle of the Finance folder for the viewer key (a per key+folder view). Each
 * figure is the median of 200 answers, asked in interleaved rounds. Also the time (wall and
 * CPU) and heap it takes to build each workspace. Goal: every page within 2x of each other.
 */
import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { publicRoute } from '../sandbox/routes';
import { KEYS, SEED_IDS, seedAssets, type SandboxKey } from '../sandbox/seed';
import { Workspace } from '../sandbox/workspace';
import { printWhenRunAlone } from './measure';

export const SANDBOX_PAGE_SIZES = [1_000, 10_000, 1_000_000];
/** Each page is asked ROUNDS x PER_ROUND times (200), its median kept. */
const ROUNDS = 40;
const PER_ROUND = 5;
const PAGE = 100;

export interface SandboxPageRow {
	/** Public assets in the workspace. */
	assets: number;
	/** Building the workspace (seed, generated assets and whatever the sandbox keeps to answer). */
	buildMs: number;
	/** The CPU time of that build (every thread of the process: the machine's load aside). */
	buildCpuMs: number;
	/** Heap the workspace holds once built (after a garbage collection). */
	heapMb: number;
	/** Median ms per page at each position. */
	startMs: number;
	middleMs: number;
	endMs: number;
	folderMiddleMs: number;
}

export interface SandboxPages {
	rows: SandboxPageRow[];
	/** The slowest page over the fastest, over every size and position (goal: at most 2). */
	ratio: number;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
	gc();
	return process.memoryUsage().heapUsed / 2 ** 20;
};
const cpuMs = () => {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
};
const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One page as the sandbox answers it: the route, the workspace and the JSON body. */
async function answerPage(workspace: Workspace, key: SandboxKey, query: string) {
	const reply = await publicRoute(
		workspace,
		key,
		'GET',
		'/api/public/v1/assets',
		new URLSearchParams(query),
		{} as IncomingMessage,
	);
	const text = JSON.stringify(reply!.body);
	if (!text.includes('"hasMore":true')) throw new Error(`not a full page: ${query}`);
}

type Position = 'startMs' | 'middleMs' | 'endMs' | 'folderMiddleMs';
type Page = [SandboxKey, string];

/** Builds a workspace of `size` public assets; the pages to time at each position. */
function build(size: number, seeded: number) {
	const [owner, viewer] = KEYS;
	const before = heapMb();
	const [started, cpuStarted] = [performance.now(), cpuMs()];
	const workspace = new Workspace({ jobStepMs: 1000, generated: size - seeded });
	const [buildMs, buildCpuMs] = [performance.now() - started, cpuMs() - cpuStarted];
	const assets = workspace.assetCount;
	const at = (offset: number) => `limit=${PAGE}&offset=${Math.floor(offset / PAGE) * PAGE}`;
	// A fifth of the generated assets are in Finance; the viewer reads all of them.
	const inFinance = `folderId=${SEED_IDS.folders.finance}`;
	const pages: Record<Position, Page> = {
		startMs: [owner, at(0)],
		middleMs: [owner, at(assets / 2)],
		endMs: [owner, at(assets - PAGE)],
		folderMiddleMs: [viewer, `${at(size / 5 / 2)}&${inFinance}`],
	};
	return { workspace, pages, row: { assets, buildMs, buildCpuMs, heapMb: heapMb() - before } };
}

export async function sandboxPages(sizes = SANDBOX_PAGE_SIZES): Promise<SandboxPages> {
	const seeded = seedAssets().filter((a) => a.type !== 'Internal').length;
	const built = sizes.map((size) => build(size, seeded));
	const positions = Object.keys(built[0].pages) as Position[];
	const samples = built.map(() => new Map<Position, number[]>(positions.map((p) => [p, []])));
	// Interleaved rounds: a busy machine slows every figure alike, not the one timed at that moment.
	for (let round = 0; round < ROUNDS; round++) {
		for (const [i, { workspace, pages }] of built.entries()) {
			for (const position of positions) {
				for (let rep = 0; rep < PER_ROUND; rep++) {
					const started = performance.now();
					await answerPage(workspace, ...pages[position]);
					samples[i].get(position)!.push(performance.now() - started);
				}
			}
		}
	}
	const rows = built.map(({ row }, i) => ({
		...row,
		...(Object.fromEntries(positions.map((p) => [p, median(samples[i].get(p)!)])) as Record<
			Position,
			number
		>),
	}));
	const all = rows.flatMap((r) => positions.map((p) => r[p]));
	return { rows, ratio: Math.max(...all) / Math.min(...all) };
}

printWhenRunAlone(module, () => sandboxPages());
