/**
 * The workflows the bench imports into n8n: a Manual Trigger followed by a chain of nodes; this
 * node, and the anchor a user builds by hand for the same items (the HTTP Request node with offset
 * pagination, then Split Out).
 */
import { CREDENTIAL } from '../e2e/n8n';
import { OWNER } from '../test/harness/http';

const CRED = { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } };

const start = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A workflow `id` whose Start node is followed by `nodes`, connected in the order of `chain`. */
export function workflow(id: string, nodes: Array<{ name: string }>, chain: string[]) {
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
export type Flow = ReturnType<typeof workflow>;

/** The nodes of a flow after Start, in order. */
export const measuredNodes = (flow: Flow) => flow.nodes.slice(1).map((node) => node.name);

/** An Asset Workspace node named `name`, with the sandbox's credential. */
export const ours = (name: string, parameters: object, x = 300) => ({
	id: name,
	name,
	type: 'n8n-nodes-asset-workspace.assetWorkspace',
	typeVersion: 1,
	position: [x, 0],
	parameters,
	credentials: CRED,
});

export const returnAllAssets = () =>
	ours('Asset Workspace', { resource: 'asset', operation: 'getAll', returnAll: true });

/** n8n's HTTP Request node reading every page of GET /assets (limit 100) by offset, one after another. */
export function httpRequestReturnAll(baseUrl: string) {
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

/** Split Out: one item per asset of the HTTP Request node's page items. */
export const splitOut = {
	id: 'split',
	name: 'Split Out',
	type: 'n8n-nodes-base.splitOut',
	typeVersion: 1,
	position: [500, 0],
	parameters: { fieldToSplitOut: 'data' },
};
