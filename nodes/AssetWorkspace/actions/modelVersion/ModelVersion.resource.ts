import type { INodeProperties } from 'n8n-workflow';

import * as compare from './compare.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getPublished from './getPublished.operation';

export { compare, get, getAll, getPublished };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['modelVersion'] } },
		options: [
			{
				name: 'Compare',
				value: 'compare',
				description:
					'What changed between two versions of a model: tools added, removed and changed, connections, metadata',
				action: 'Compare two model versions',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get one saved version of a model, with its canvas (nodes, edges, metadata)',
				action: 'Get a model version',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List the saved versions of a model (drafts and published, no autosaves)',
				action: 'Get many model versions',
			},
			{
				name: 'Get Published',
				value: 'getPublished',
				description: 'Get the currently published version of a model',
				action: 'Get the published model version',
			},
		],
		default: 'getAll',
	},
	...getAll.description,
	...get.description,
	...getPublished.description,
	...compare.description,
];
