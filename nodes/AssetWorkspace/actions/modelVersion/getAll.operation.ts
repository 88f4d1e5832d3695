import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { versionListSchema } from '../../../shared/schemas';
import { readId, readLimit } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { assetLocator } from '../../../shared/locators';
import { returnAllAndLimit } from '../common.descriptions';

const properties: INodeProperties[] = [assetLocator('searchModels', 'model'), ...returnAllAndLimit];

export const description = updateDisplayOptions(
	{ show: { resource: ['modelVersion'], operation: ['getAll'] } },
	properties,
);

/** Versions come unpaged, in the service's order; Return All / Limit apply to that list. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const assetId = readId(this, 'assetId', 'Model', i);
	const limit = readLimit(this, i);
	const { data } = await api.request({
		method: 'GET',
		path: ['assets', assetId, 'model', 'versions'],
		schema: versionListSchema,
		itemIndex: i,
	});
	const versions = data.versions.map((version) => ({ ...version, assetId }));
	return limit === undefined ? versions : versions.slice(0, limit);
}
