import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { folderLocator } from '../../../shared/locators';
import { fireForWhatExists } from '../../polling/fireForWhatExists';

export const assetParameters: INodeProperties[] = [
	optionsCollection([
		{
			...folderLocator,
			description: 'Only assets directly in this folder; by default the whole workspace',
		},
		fireForWhatExists('"created" for every asset in scope'),
		{
			displayName: 'Fire for Removed Assets',
			name: 'removed',
			type: 'boolean',
			default: false,
			description:
				'Whether an asset that disappears (deleted, moved out of the folder, or no longer readable) fires "removed". Watches at most 10,000 assets.',
		},
	]),
];
