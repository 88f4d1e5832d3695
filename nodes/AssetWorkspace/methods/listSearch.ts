/** Searchable lists behind the "From list" mode of the pickers. The API has no search: lists are filtered while paging. */
import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import type { Asset } from '../../shared/schemas';
import { versionListSchema } from '../../shared/schemas';
import { isUuid } from '../../shared/validation';
import { AssetWorkspaceTransport } from '../../shared/transport';

const PAGE = 50;

async function searchByName(
	ctx: ILoadOptionsFunctions,
	filter: string | undefined,
	paginationToken: string | undefined,
	type?: string,
): Promise<INodeListSearchResult> {
	const needle = filter?.trim().toLowerCase() ?? '';
	const keep = (asset: Asset) =>
		(type === undefined || asset.type.toLowerCase() === type) &&
		(needle === '' || asset.name.toLowerCase().includes(needle) || asset.id === needle);
	const offset = paginationToken ? Number(paginationToken) : 0;
	const { assets, nextOffset } = await new AssetWorkspaceTransport(ctx).listAssets({
		keep,
		max: PAGE,
		offset,
	});
	const results: INodeListSearchItems[] = assets.map((asset) => ({
		name: type
			? asset.name
			: `${asset.name} (${asset.type}${asset.parentFolder ? ` in ${asset.parentFolder.name}` : ''})`,
		value: asset.id,
	}));
	return { results, paginationToken: nextOffset === undefined ? undefined : String(nextOffset) };
}

export async function searchAssets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchByName(this, filter, paginationToken);
}

export async function searchModels(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchByName(this, filter, paginationToken, 'model');
}

export async function searchFolders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) {
	return await searchByName(this, filter, paginationToken, 'folder');
}

/** Versions of the model chosen in "Model": newest first, the published one marked. */
export async function searchVersions(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const assetId = this.getCurrentNodeParameter('assetId', { extractValue: true });
	if (!isUuid(assetId)) return { results: [] };
	const { data } = await new AssetWorkspaceTransport(this).request({
		method: 'GET',
		path: ['assets', assetId, 'model', 'versions'],
		schema: versionListSchema,
	});
	const needle = filter?.trim().toLowerCase() ?? '';
	const results = [...data.versions]
		.sort((a, b) => b.versionNumber - a.versionNumber)
		.map((v) => ({
			name: `v${v.versionNumber}${v.published ? ' (published)' : ''}${v.comment ? `: ${v.comment}` : ''}`,
			value: v.id,
		}))
		.filter((item) => needle === '' || item.name.toLowerCase().includes(needle));
	return { results };
}
