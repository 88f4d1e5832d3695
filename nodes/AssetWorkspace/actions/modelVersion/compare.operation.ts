import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import {
	canvasEnvelopeSchema,
	versionListSchema,
	type VersionSummary,
} from '../../../shared/schemas';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { compareCanvases, summarise, versionLabel } from '../../helpers/compareVersions';
import { readId, readOptionalId } from '../../helpers/parameters';
import { optionsCollection } from '../../../shared/descriptions';
import { assetLocator, versionLocator } from '../../../shared/locators';

// The versions are options, as n8n's guidelines want what may stay empty: the published and the
// newest by default.
const properties: INodeProperties[] = [
	assetLocator('searchModels', 'model'),
	optionsCollection([
		versionLocator(
			{
				displayName: 'From Version',
				name: 'fromVersionId',
				description: 'The version to compare from; by default the published version',
			},
			{ optional: true },
		),
		versionLocator(
			{
				displayName: 'To Version',
				name: 'toVersionId',
				description: 'The version to compare to; by default the newest version',
			},
			{ optional: true },
		),
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['modelVersion'], operation: ['compare'] } },
	properties,
);

/** Which versions to compare: the chosen ones, else the published one and the newest. */
function pickVersions(versions: VersionSummary[], fromId?: string, toId?: string) {
	const byNumber = [...versions].sort((a, b) => b.versionNumber - a.versionNumber);
	const from: Partial<VersionSummary> | undefined = fromId
		? { id: fromId }
		: byNumber.find((v) => v.published);
	const to: Partial<VersionSummary> | undefined = toId ? { id: toId } : byNumber[0];
	return { from, to };
}

/** Two versions of a model compared: from the published one and to the newest, unless chosen. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const assetId = readId(this, 'assetId', 'Model', i);
	const fromId = readOptionalId(this, 'options.fromVersionId', 'From Version', i);
	const toId = readOptionalId(this, 'options.toVersionId', 'To Version', i);
	const path = ['assets', assetId, 'model', 'versions'];
	const list = await api.request({ method: 'GET', path, schema: versionListSchema, itemIndex: i });
	const { from, to } = pickVersions(list.data.versions, fromId, toId);
	if (!from?.id || !to?.id) {
		const message = !to?.id
			? 'This model has no saved version yet.'
			: 'No version of this model is published yet: choose the From Version to compare.';
		return [{ assetId, compared: false, message, to: to ? versionLabel(to) : null }];
	}
	const read = async (versionId: string) =>
		(
			await api.request({
				method: 'GET',
				path: [...path, versionId],
				schema: canvasEnvelopeSchema,
				itemIndex: i,
			})
		).data.version;
	const [a, b] = await Promise.all([read(from.id), read(to.id)]);
	const diff = compareCanvases(a, b);
	return [
		{
			assetId,
			compared: true,
			from: versionLabel(a),
			to: versionLabel(b),
			summary: summarise(diff),
			...diff,
		},
	];
}
