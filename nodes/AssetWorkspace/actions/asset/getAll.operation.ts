import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import type { Asset } from '../../../shared/schemas';
import { optional, optionalList, readLimit, readOptionalId } from '../../helpers/parameters';
import {
	readAllAssets,
	searchAssets,
	type AssetWorkspaceTransport,
} from '../../../shared/transport';
import { folderLocator } from '../../../shared/locators';
import { returnAllAndLimit } from '../common.descriptions';

/** The asset types the service names; filters ignore case, so other spellings match too. */
const ASSET_TYPES = ['Folder', 'Model', 'Orchestration', 'Python', 'Source'];

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			folderLocator,
			{
				displayName: 'Name Contains',
				name: 'nameContains',
				type: 'string',
				default: '',
				placeholder: 'e.g. forecast',
				description:
					'Only assets whose name contains this text (ignoring case). Applied by the node while paging: the API has no such filter.',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'multiOptions',
				default: [],
				description:
					'Only assets of these types. Applied by the node while paging: the API has no such filter.',
				options: ASSET_TYPES.map((type) => ({ name: type, value: type })),
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['getAll'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const max = readLimit(this, i);
	const folderId = readOptionalId(this, 'filters.folderId', 'Folder', i);
	const types = optionalList(this, 'filters.type', i).map((t) => t.toLowerCase());
	const needle = String(optional(this, 'filters.nameContains', i, ''))
		.trim()
		.toLowerCase();
	// Limit counts the assets that pass these filters.
	const keep =
		types.length || needle
			? (asset: Asset) =>
					(!types.length || types.includes(asset.type.toLowerCase())) &&
					asset.name.toLowerCase().includes(needle)
			: undefined;
	if (max !== undefined) {
		const { items } = await searchAssets(api, { folderId, max, keep, itemIndex: i });
		// Pages are read whole, so the last may hold more than Limit still needed.
		return items.slice(0, max);
	}
	const assets = await readAllAssets(api, { folderId, itemIndex: i });
	return keep ? assets.filter(keep) : assets;
}
