/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Where Return All's time goes: CPU profiles (V8's sampling profiler, node:inspector) of Return
 * All of 10,000 assets at 0 ms latency, run in the bench process through n8n-core's engine
 * (test/harness/engine/) against the sandbox over real HTTP, as issue 25 profiled it: the first
 * run (code not compiled yet, as in a fresh `n8n execute`) and a second, warm one. Each sample is
 * charged to the code that owns it: a file of the sandbox, of this node (the answers' JSON.parse
 * apart), zod (which checks the answers), or n8n's engine and request helper (n8n-core,
 * n8n-workflow, axios); Node.js's own modules and built-ins (HTTP, sockets, strings) to whoever
 * called them, and to Node.js itself when the event loop did (reading sockets, parsing HTTP).
 */
import { Session, type Profiler } from 'node:inspector/promises';

import { log, printWhenRunAlone } from './measure';

export interface ProfileShare {
	owner: string;
	ms: number;
}

export interface ReturnAllProfiles {
	/** The first Return All in the process. */
	first: ReturnAllProfile;
	/** The second. */
	warm: ReturnAllProfile;
}

export interface ReturnAllProfile {
	assets: number;
	/** The node's execute(), wall clock. */
	nodeMs: number;
	/** Every sample of the profile (the sandbox's and the node's work; idle time excluded). */
	busyMs: number;
	shares: ProfileShare[];
}

export const THIS_NODE_OWNER = 'this node (nodes/), the rest';
export const JSON_PARSE = "this node: JSON.parse of the answers (readAnswer's own time)";
const OWNERS: Array<[string, (url: string) => boolean]> = [
	['the sandbox (sandbox/)', (url) => url.includes('/sandbox/')],
	[THIS_NODE_OWNER, (url) => url.includes('/nodes/') && !url.includes('node_modules')],
	['zod', (url) => url.includes('/node_modules/zod/')],
	['n8n-core, n8n-workflow, axios and their modules', (url) => url.includes('/node_modules/')],
];
const NODE_JS = 'Node.js itself (the event loop: sockets, HTTP parsing)';
const GC = 'garbage collection';

function ownerOf(url: string): string | undefined {
	return OWNERS.find(([, owns]) => owns(url))?.[0];
}

/**
 * Charges each sample's time to its owner (Node.js's code to its caller's owner). The first sample
 * is left out: its time runs from Profiler.start, the inspector's own work.
 */
function shares(profile: Profiler.Profile): { shares: ProfileShare[]; busyMs: number } {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const owner = new Map<number, string>();
	const visit = (id: number, inherited: string) => {
		const node = byId.get(id)!;
		const { url, functionName } = node.callFrame;
		let own = ownerOf(url) ?? inherited;
		if (functionName === '(garbage collector)') own = GC;
		if (functionName === '(idle)') own = '(idle)';
		// readAnswer's own time is its JSON.parse (a built-in V8 leaves in its caller's frame).
		const parses = own === THIS_NODE_OWNER && functionName === 'readAnswer';
		owner.set(id, parses ? JSON_PARSE : own);
		for (const child of node.children ?? []) visit(child, own);
	};
	visit(profile.nodes[0].id, NODE_JS);
	const totals = new Map<string, number>();
	profile.samples!.forEach((id, i) => {
		if (i === 0) return;
		const name = owner.get(id)!;
		totals.set(name, (totals.get(name) ?? 0) + profile.timeDeltas![i] / 1000);
	});
	totals.delete('(idle)');
	const list = [...totals].map(([name, ms]) => ({ owner: name, ms })).sort((a, b) => b.ms - a.ms);
	return { shares: list, busyMs: list.reduce((sum, s) => sum + s.ms, 0) };
}

export async function profileReturnAll(assets = 10_000): Promise<ReturnAllProfiles> {
	log(`A CPU profile of Return All of ${assets.toLocaleString('en-US')} assets at 0 ms...`);
	const { startSandbox } = await import('../sandbox/server');
	const { runNode } = await import('../test/harness/engine');
	const { OWNER } = await import('../test/harness/http');
	const sandbox = await startSandbox({ assets: assets - 21, latencyMs: 0, jobStepMs: 1000 });
	const session = new Session();
	session.connect();
	try {
		const run = () =>
			runNode({
				parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
				credentials: { baseUrl: sandbox.url, apiKey: OWNER, allowHttp: true },
			});
		await session.post('Profiler.enable');
		await session.post('Profiler.setSamplingInterval', { interval: 200 });
		const profiled = async (): Promise<ReturnAllProfile> => {
			await session.post('Profiler.start');
			const result = await run();
			const { profile } = await session.post('Profiler.stop');
			const count = result.outputs[0]?.length;
			if (count !== assets) throw new Error(`the profiled Return All returned ${count} assets`);
			return { assets, nodeMs: result.nodeMs, ...shares(profile) };
		};
		const first = await profiled();
		return { first, warm: await profiled() };
	} finally {
		session.disconnect();
		await sandbox.close();
	}
}

printWhenRunAlone(module, () => profileReturnAll());
