/** Parameters shared by several operations. */
import type { INodeProperties } from 'n8n-workflow';

export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** How many input items run at once (their requests and waits side by side). */
export const concurrencyOption: INodeProperties = {
	displayName: 'Items at Once',
	name: 'concurrency',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 50 },
	default: 10,
	description:
		'How many input items are processed side by side. Output order and item pairing stay as in the input.',
};

export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return the version summary with nodeCount, edgeCount and the tool types used instead of the whole canvas (nodes, edges, metadata)',
};
