import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { assetLocator } from '../../../shared/locators';
import { fireForWhatExists } from '../../polling/fireForWhatExists';

export const versionParameters: INodeProperties[] = [
	{
		displayName: 'Models',
		name: 'models',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Model',
		default: { model: [] },
		description: 'The models to watch (one request per model and poll)',
		options: [
			{ name: 'model', displayName: 'Model', values: [assetLocator('searchModels', 'model')] },
		],
	},
	{
		displayName: 'Fire On',
		name: 'versionEvents',
		type: 'multiOptions',
		// At least one: with none it would fire nothing.
		required: true,
		default: ['created', 'published'],
		description: 'Which changes start the workflow',
		options: [
			{ name: 'Version Created', value: 'created' },
			{ name: 'Version Published', value: 'published' },
		],
	},
	optionsCollection([fireForWhatExists('every version that exists (and the published one)')]),
];
