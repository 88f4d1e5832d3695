import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { requireInteger, requireUuid } from '../../helpers/validation';
import type { AssetWorkspaceTransport } from '../../transport';
import { folderLocator, returnAllAndLimit } from '../common.descriptions';

const properties: INodeProperties[] = [
	...returnAllAndLimit('assets'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [folderLocator],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['asset'], operation: ['getAll'] } }, properties);

export async function execute(this: IExecuteFunctions, i: number, api: AssetWorkspaceTransport): Promise<object[]> {
	const node = this.getNode();
	const returnAll = this.getNodeParameter('returnAll', i, false) as boolean;
	const max = returnAll ? undefined : requireInteger(node, 'Limit', this.getNodeParameter('limit', i, 50), 1, Number.MAX_SAFE_INTEGER, i);
	const folder = this.getNodeParameter('filters.folderId', i, '', { extractValue: true }) as string;
	const folderId = folder ? requireUuid(node, 'Folder', folder, i) : undefined;
	const { assets } = await api.listAssets({ folderId, max, itemIndex: i });
	return assets;
}
