import type { INodeProperties } from 'n8n-workflow';

import * as execute from './execute.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';

export { execute, get, getAll };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['asset'] } },
		options: [
			{
				name: 'Execute',
				value: 'execute',
				description:
					'Queue a run of a source, model, orchestration or Python asset and return its job',
				action: 'Execute an asset',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get an asset: name, type, owner, folder and schedules',
				action: 'Get an asset',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: 'List assets sorted by name, optionally in one folder',
				action: 'Get many assets',
			},
		],
		default: 'get',
	},
	...get.description,
	...getAll.description,
	...execute.description,
];
