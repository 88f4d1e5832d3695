import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import * as asset from './actions/asset/Asset.resource';
import * as job from './actions/job/Job.resource';
import * as modelVersion from './actions/modelVersion/ModelVersion.resource';
import { router } from './actions/router';
import { toolDescriptions } from './actions/toolDescriptions';
import { nodeHint } from '../shared/builderHints';
import { listSearchWith } from '../shared/listSearch';
import { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from '../shared/transport';

export class AssetWorkspace implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Workspace',
		name: 'assetWorkspace',
		icon: { light: 'file:assetWorkspace.svg', dark: 'file:assetWorkspace.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Read assets and model versions, run assets and follow their jobs in Asset Workspace',
		defaults: { name: 'Asset Workspace' },
		usableAsTool: true,
		builderHint: nodeHint,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetWorkspaceApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Asset',
						value: 'asset',
						description: 'Folders, models, sources, orchestrations and Python assets',
					},
					{ name: 'Job', value: 'job', description: 'A run of an asset' },
					{
						name: 'Model Version',
						value: 'modelVersion',
						description: 'Saved versions of a model',
					},
				],
				default: 'asset',
			},
			...asset.description,
			...modelVersion.description,
			...job.description,
			...toolDescriptions,
		],
	};

	methods: INodeType['methods'];

	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

	/** n8n builds the node with the defaults; tests pass faster retry settings. */
	constructor(settings: TransportSettings = DEFAULT_TRANSPORT_SETTINGS) {
		this.methods = { listSearch: listSearchWith(settings) };
		this.execute = async function (this: IExecuteFunctions) {
			return await router.call(this, settings);
		};
	}
}
