// The nodes' one way out to the API: requests (transport.ts) and the asset listing's pages.
export * from './transport';
export { readAllAssets, searchAssets, streamAssets } from './paging/assets';
export { cursorFromToken, cursorToken } from './paging/search';
export type { Mark } from './paging/chain';
export type { Resume } from './paging/reading';
