/**
 * The trigger's Asset Created or Updated event over a folder of 10,000 assets at 50 ms latency,
 * through n8n-core's PollContext: the first poll (which learns the folder), a poll with nothing
 * new, and a poll after three changes; with Fire for Removed Assets off and on. Each poll is timed
 * once, around `poll()` (the node reads the listing several pages at a time through its rate
 * gate). Requests per poll come from the sandbox's log, the state's size from what n8n would save.
 */
import { SEED_IDS } from '../sandbox/seed';
import { OWNER } from '../test/harness/http';
import { printWhenRunAlone } from './measure';

/** The assets in the watched folder (Finance). */
export const FOLDER_ASSETS = 10_000;

export interface AssetPollMeasure {
	label: string;
	/** The first poll of a scope: it knows no end of the listing yet. */
	first: boolean;
	ms: number;
	requests: number;
	fired: number;
	stateBytes: number;
}

export async function assetTriggerPolls(): Promise<AssetPollMeasure[]> {
	const { startSandbox } = await import('../sandbox/server');
	const { TriggerHarness } = await import('../test/harness/trigger');
	const { changeAsset } = await import('../test/harness/http');
	// 49,975 generated assets over five places: 9,995 of them and 5 seeded ones in Finance (10,000).
	const sandbox = await startSandbox({ latencyMs: 50, assets: 49_975, jobStepMs: 1_000_000_000 });
	const folder = SEED_IDS.folders.finance;
	const inFolder = sandbox.workspace.listAssets(
		sandbox.workspace.keyFor(OWNER)!,
		100_000,
		0,
		folder,
	).data;
	const measures: AssetPollMeasure[] = [];
	try {
		if (inFolder.length !== FOLDER_ASSETS)
			throw new Error(`the folder holds ${inFolder.length} assets, not ${FOLDER_ASSETS}`);
		for (const removed of [false, true]) {
			const trigger = new TriggerHarness(
				{ baseUrl: sandbox.url, apiKey: OWNER },
				{
					event: 'asset',
					options: { folderId: { __rl: true, mode: 'id', value: folder }, removed },
				},
			);
			const poll = async (label: string, first = false) => {
				sandbox.requests.length = 0;
				const started = performance.now();
				const { items, error } = await trigger.poll();
				if (error) throw error;
				measures.push({
					label: `${label}${removed ? ', Fire for Removed Assets on' : ''}`,
					first,
					ms: performance.now() - started,
					requests: sandbox.requests.length,
					fired: items?.length ?? 0,
					stateBytes: JSON.stringify(trigger.state).length,
				});
			};
			await poll(
				`first poll (learns the folder's ${inFolder.length.toLocaleString('en-US')} assets)`,
				true,
			);
			await poll('a poll, nothing changed');
			for (const asset of [inFolder[10], inFolder[5000], inFolder[9990]])
				await changeAsset(sandbox, asset.id, { description: `changed ${removed}` });
			await poll('a poll after 3 changes');
		}
		return measures;
	} finally {
		await sandbox.close();
	}
}

printWhenRunAlone(module, () => assetTriggerPolls());
