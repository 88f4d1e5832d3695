/**
 * 1,000 input items of Asset: Get at 20 ms latency, in a real n8n: side by side (Items at Once:
 * 10, the default) against one at a time (Items at Once: 1). The time is the Get node's alone.
 */
import { openSession } from '../e2e/workflows';
import { ours, workflow } from './flows';
import { log, measureFlows, type Measure } from './measure';

/** The node's default Items at Once. */
export const ITEMS_AT_ONCE = 10;
export const GETS_SIDE_BY_SIDE = `this node (Items at Once: ${ITEMS_AT_ONCE})`;
export const GETS_ONE_AT_A_TIME = 'one at a time (Items at Once: 1)';

const getEach = (options: object) =>
	ours(
		'Get each',
		{
			resource: 'asset',
			operation: 'get',
			assetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			...options,
		},
		400,
	);

export async function manyGets(): Promise<Measure[]> {
	log('1,000 items of Asset: Get at 20 ms latency...');
	const session = await openSession({ sandbox: { assets: 1000 - 21, latencyMs: 20 }, log });
	try {
		const list = ours(
			'List 1,000',
			{ resource: 'asset', operation: 'getAll', returnAll: true },
			200,
		);
		const chain = ['Start', 'List 1,000', 'Get each'];
		const flows = {
			[GETS_SIDE_BY_SIDE]: workflow('benchGets10', [list, getEach({})], chain),
			[GETS_ONE_AT_A_TIME]: workflow(
				'benchGets1',
				[list, getEach({ options: { concurrency: 1 } })],
				chain,
			),
		};
		// Only the Get node is timed; only its requests (GET /assets/{id}) are counted.
		return await measureFlows(
			session,
			flows,
			(label, run) => {
				if (run.nodes['Get each'][0].length !== 1000)
					throw new Error(`${label}: ${run.nodes['Get each'][0].length} items`);
				const requests = session.sandbox!.requests.filter((req) =>
					req.path.startsWith('/api/public/v1/assets/'),
				).length;
				return { requests };
			},
			{ timedNodes: ['Get each'] },
		);
	} finally {
		await session.close();
	}
}
