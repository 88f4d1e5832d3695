import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { versionEnvelopeSchema } from '../../../shared/schemas';
import { simplifyVersion } from '../../helpers/simplify';
import { optional, readId } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { assetLocator, versionLocator } from '../../../shared/locators';
import { simplifyOption } from '../common.descriptions';

const properties: INodeProperties[] = [
	assetLocator('searchModels', 'model'),
	versionLocator(),
	simplifyOption,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['modelVersion'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const assetId = readId(this, 'assetId', 'Model', i);
	const versionId = readId(this, 'versionId', 'Version', i);
	const { data } = await api.request({
		method: 'GET',
		path: ['assets', assetId, 'model', 'versions', versionId],
		schema: versionEnvelopeSchema,
		itemIndex: i,
	});
	const version = optional(this, 'simplify', i, true)
		? simplifyVersion(data.version)
		: data.version;
	return [{ ...version, assetId }];
}
