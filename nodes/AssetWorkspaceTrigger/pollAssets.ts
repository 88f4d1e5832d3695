/**
 * One poll of the Asset Created or Updated event: reads the listing (in a folder, or the whole
 * workspace) page by page from where the round stands, until the listing ends or the poll's
 * window closes (the round then goes on at the next poll). Changes fire as they are seen; a
 * removal fires only after a whole round, and only once a request for that asset confirms it.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { assetEnvelopeSchema, type Asset } from '../shared/schemas';
import { searchAssets } from '../shared/transport';
import type { Cursor } from '../shared/transport/pagedSearch';
import {
	confirmRemoved,
	emptyAssetsState,
	endRound,
	MAX_IDS,
	observeAssets,
	type AssetsState,
} from './assetWatch';
import { LEAST_TIME_TO_ASK_MS, type PollWindowed } from './askWithin';

export interface AssetPoll extends PollWindowed {
	folderId?: string;
	emitExisting: boolean;
	removed: boolean;
}

/** Reads the next page of the round; `next` undefined means the listing ended. */
async function nextPage(poll: AssetPoll, from: Cursor = { offset: 0, skip: 0 }) {
	return await searchAssets(poll.api, {
		folderId: poll.folderId,
		from,
		max: Number.MAX_SAFE_INTEGER,
		keep: () => true,
		maxPages: 1,
		pagesRunOut: 'pause',
		until: poll.until,
	});
}

/** A copy of the state for this scope; another scope (the Folder changed) starts afresh. */
function readAssetsState(staticData: Record<string, unknown>, scope: string): AssetsState {
	const stored = staticData.assets as AssetsState | undefined;
	// JSON, not structuredClone: n8n's static data is a proxy, which structuredClone refuses.
	const copy =
		stored && typeof stored === 'object'
			? (JSON.parse(JSON.stringify(stored)) as AssetsState)
			: undefined;
	return copy && (copy.scope ?? '') === scope ? copy : emptyAssetsState(scope);
}

/**
 * A removal candidate confirmed by asking for it: 404 (or 403) means gone for this key. Any other
 * answer, an error, or no time left: not confirmed, asked again after the next round.
 */
async function isGone(poll: AssetPoll, id: string) {
	if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return false;
	const answer = await poll.api
		.requestOrNotFound({
			method: 'GET',
			path: ['assets', id],
			schema: assetEnvelopeSchema,
			until: poll.until,
		})
		.catch((error: { httpCode?: string }) => (error.httpCode === '403' ? null : undefined));
	if (answer === undefined) return false;
	return (
		answer === null ||
		(poll.folderId !== undefined && answer.data.parentFolder?.id !== poll.folderId)
	);
}

export async function pollAssets(ctx: IPollFunctions, poll: AssetPoll) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readAssetsState(staticData, poll.folderId ?? '');
	const fired: INodeExecutionData[] = [];
	const options = { emitExisting: poll.emitExisting, removed: poll.removed, now: poll.now() };
	for (let pages = 0; poll.until - poll.now() >= LEAST_TIME_TO_ASK_MS; pages++) {
		const page = await nextPage(poll, state.round?.from).catch((error: Error) => {
			// A page cut off as the window closed: the round goes on from it next poll.
			if (pages > 0 && poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return undefined;
			throw error;
		});
		if (!page) break;
		const { items, next } = page;
		for (const change of observeAssets<Asset>(state, items, options)) {
			fired.push({ json: { event: change.event, ...change.asset } as IDataObject });
		}
		if (new Set(state.round?.ids).size > MAX_IDS) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Fire for Removed Assets watches at most ${MAX_IDS} assets, and this scope holds more`,
				{
					description:
						'Choose a Folder with fewer assets, or turn Fire for Removed Assets off (created and updated assets have no limit).',
				},
			);
		}
		if (next) {
			state.round!.from = next;
			continue;
		}
		for (const id of endRound(state)) {
			const gone = await isGone(poll, id);
			confirmRemoved(state, id, gone);
			if (gone) fired.push({ json: { event: 'removed', id } });
		}
		break;
	}
	staticData.assets = state;
	return fired.length > 0 ? [fired] : null;
}

/** Fetch Test Event: the most recently updated asset of the first page as "updated", changing nothing. */
export async function sampleAssets(ctx: IPollFunctions, poll: AssetPoll) {
	const { items } = await nextPage(poll);
	const newest = [...items].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[0];
	if (!newest)
		throw new NodeOperationError(
			ctx.getNode(),
			'No asset in this scope can be read with this API key',
		);
	return [[{ json: { event: 'updated', ...newest } as IDataObject }]];
}
