import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { assetEnvelopeSchema, publishedEnvelopeSchema } from '../../../shared/schemas';
import { simplifyVersion } from '../../helpers/simplify';
import { optional, readId } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { assetLocator } from '../../../shared/locators';
import { simplifyOption } from '../common.descriptions';

const properties: INodeProperties[] = [
	assetLocator('searchModels', 'model'),
	{
		displayName:
			'When nothing is published yet, the output is one item {"assetId", "published": false, "version": null}, so an IF node on "published" handles both cases',
		name: 'noPublishedNotice',
		type: 'notice',
		default: '',
	},
	simplifyOption,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['modelVersion'], operation: ['getPublished'] } },
	properties,
);

/** The item for a model with nothing published: documented in the README. */
function nothingPublished(assetId: string): IDataObject {
	return {
		assetId,
		published: false,
		version: null,
		message: 'No version of this model is published yet.',
	};
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const assetId = readId(this, 'assetId', 'Model', i);
	const answer = await api.requestOrNotFound({
		method: 'GET',
		path: ['assets', assetId, 'model'],
		schema: publishedEnvelopeSchema,
		itemIndex: i,
	});
	if (answer === null) {
		// Some services answer 404 for "nothing published". Reading the asset tells that apart from
		// an unknown model, whose 404 then fails the item with a clear message.
		await api.request({
			method: 'GET',
			path: ['assets', assetId],
			schema: assetEnvelopeSchema,
			itemIndex: i,
		});
		return [nothingPublished(assetId)];
	}
	const version = answer.data?.version;
	if (!version) return [nothingPublished(assetId)];
	return [
		{
			...(optional(this, 'simplify', i, true) ? simplifyVersion(version) : version),
			assetId,
		},
	];
}
