import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { assetEnvelopeSchema } from '../../../shared/schemas';
import { readId } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { assetLocator } from '../../../shared/locators';
import { concurrencyOption } from '../common.descriptions';
import { optionsCollection } from '../../../shared/descriptions';

const properties: INodeProperties[] = [
	assetLocator('searchAssets'),
	optionsCollection([concurrencyOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const assetId = readId(this, 'assetId', 'Asset', i);
	const { data } = await api.request({
		method: 'GET',
		path: ['assets', assetId],
		schema: assetEnvelopeSchema,
		itemIndex: i,
	});
	return [data];
}
