// The pickers' searchable lists; the API has no search (docs/running-and-waiting.md, "Pickers").
import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { assetEnvelopeSchema, versionListSchema, type Asset } from './schemas';
import {
	AssetWorkspaceTransport,
	cursorFromToken,
	cursorToken,
	searchAssets,
	type TransportSettings,
} from './transport';
import { isUuid } from './validation';

/** Results per call, and pages (of 100 assets) one call reads at most. */
const RESULTS = 50;
export const PICKER_PAGES = 5;

type Search = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

function label(asset: Asset, type?: string) {
	if (type) return asset.name;
	const folder = asset.parentFolder ? ` in ${asset.parentFolder.name}` : '';
	return `${asset.name} (${asset.type}${folder})`;
}

function searchByName(settings: TransportSettings, type?: string): Search {
	return async function (this: ILoadOptionsFunctions, filter, paginationToken) {
		const api = new AssetWorkspaceTransport(this, settings);
		const needle = filter?.trim().toLowerCase() ?? '';
		const ofType = (asset: Asset) => type === undefined || asset.type.toLowerCase() === type;
		if (isUuid(needle)) {
			const answer = await api.requestOrNotFound({
				method: 'GET',
				path: ['assets', needle],
				schema: assetEnvelopeSchema,
			});
			const found = answer && ofType(answer.data) ? [answer.data] : [];
			return { results: found.map((asset) => ({ name: label(asset, type), value: asset.id })) };
		}
		const { items, next } = await searchAssets(api, {
			keep: (asset) => ofType(asset) && asset.name.toLowerCase().includes(needle),
			max: RESULTS,
			...cursorFromToken(paginationToken),
			maxPages: PICKER_PAGES,
			pagesRunOut: 'pause',
		});
		const results: INodeListSearchItems[] = items.map((asset) => ({
			name: label(asset, type),
			value: asset.id,
		}));
		return { results, paginationToken: next && cursorToken(next) };
	};
}

function searchVersions(settings: TransportSettings): Search {
	return async function (this: ILoadOptionsFunctions, filter) {
		const assetId = this.getCurrentNodeParameter('assetId', { extractValue: true });
		if (!isUuid(assetId)) return { results: [] };
		const { data } = await new AssetWorkspaceTransport(this, settings).request({
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
	};
}

export function listSearchWith(settings: TransportSettings) {
	return {
		searchAssets: searchByName(settings),
		searchModels: searchByName(settings, 'model'),
		searchFolders: searchByName(settings, 'folder'),
		searchVersions: searchVersions(settings),
	};
}
