import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { versionEnvelopeSchema } from '../../../shared/schemas';
import { requireUuid } from '../../../shared/validation';
import { simplifyVersion } from '../../helpers/simplify';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { assetLocator, simplifyOption, versionLocator } from '../common.descriptions';

const properties: INodeProperties[] = [
	assetLocator('searchModels', 'model'),
	versionLocator,
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
	const node = this.getNode();
	const assetId = requireUuid(
		node,
		'Model',
		this.getNodeParameter('assetId', i, '', { extractValue: true }),
		i,
	);
	const versionId = requireUuid(
		node,
		'Version',
		this.getNodeParameter('versionId', i, '', { extractValue: true }),
		i,
	);
	const { data } = await api.request({
		method: 'GET',
		path: ['assets', assetId, 'model', 'versions', versionId],
		schema: versionEnvelopeSchema,
		itemIndex: i,
	});
	const version = this.getNodeParameter('simplify', i, true)
		? simplifyVersion(data.version)
		: data.version;
	return [{ ...version, assetId }];
}
