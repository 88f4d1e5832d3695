// The nodes' one way out to the API: requests (transport.ts) and the asset listing's pages.
export * from './transport';
export {
	cursorFromToken,
	cursorToken,
	readAllAssets,
	readAssetPages,
	searchAssets,
} from './paging/assets';
export type { Resume } from './paging/reader';
