/**
 * One poll of the Asset Created or Updated event: reads the listing (in a folder, or the whole
 * workspace) from where the round stands, pages side by side through the node's rate gate, until
 * the listing ends or the poll stops: its window closes, or the service rate limits it (429). A
 * poll that stops keeps what it read and fires what it found; the round goes on at the next
 * poll. Changes fire as they are seen; a removal fires only after a whole round, and only once a
 * request for that asset confirms it (one not confirmed in time is asked first at the next poll).
 * Times are the service's (its answers' Date headers).
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IPollFunctions,
} from 'n8n-workflow';

import { failureOf } from '../shared/cause';
import type { Asset } from '../shared/schemas';
import { searchAssets, streamAssets } from '../shared/transport/assets';
import { confirmRemovals } from './assetRemovals';
import type { AssetsState } from './assetState';
import { emptyAssetsState, endRound, MAX_IDS, observeAssets } from './assetWatch';
import { LEAST_TIME_TO_ASK_MS, type PollWindowed } from './askWithin';

export interface AssetPoll extends PollWindowed {
	folderId?: string;
	emitExisting: boolean;
	removed: boolean;
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

const hasTime = (poll: AssetPoll) => poll.until - poll.now() >= LEAST_TIME_TO_ASK_MS;

const tooManyIds = (ctx: IPollFunctions) =>
	new NodeOperationError(
		ctx.getNode(),
		`Fire for Removed Assets watches at most ${MAX_IDS} assets, and this scope holds more`,
		{
			description:
				'Choose a Folder with fewer assets, or turn Fire for Removed Assets off (created and updated assets have no limit).',
			failure: failureOf({ refused: 'input' }),
		},
	);

export async function pollAssets(ctx: IPollFunctions, poll: AssetPoll) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readAssetsState(staticData, poll.folderId ?? '');
	const pending = poll.removed ? (state.unconfirmed ?? []) : [];
	const fired = await confirmRemovals(poll, state, pending);
	const startedAt = poll.now();
	let pages = 0;
	const outcome = await streamAssets(poll.api, {
		folderId: poll.folderId,
		start: state.round?.from.offset ?? 0,
		lastOffset: state.lastOffset,
		until: poll.until,
		mayAsk: () => hasTime(poll),
		onPage: (items, next) => {
			// The round begins (if it does now) when this poll began asking, on the service's clock.
			const now = poll.api.serviceTime(startedAt);
			const options = { emitExisting: poll.emitExisting, removed: poll.removed, now };
			for (const change of observeAssets<Asset>(state, items, options))
				fired.push({ json: { event: change.event, ...change.asset } as IDataObject });
			// The ids seen may repeat (a shifting listing): counted apart only when there are many.
			const ids = state.round?.ids ?? [];
			if (ids.length > MAX_IDS && new Set(ids).size > MAX_IDS) throw tooManyIds(ctx);
			if (next !== undefined) state.round!.from = { offset: next, skip: 0 };
			pages++;
		},
	});
	if ('failure' in outcome && outcome.failure !== undefined) {
		const { failure } = outcome;
		const refused = failure instanceof NodeApiError;
		// A page refused by a rate limit, or cut off as the window closed: the round goes on from
		// it next poll, and what was read counts. A wait longer than the node waits fails the poll.
		const stop =
			refused &&
			!poll.api.askedToWaitTooLong &&
			(failure.httpCode === '429' || (pages > 0 && !hasTime(poll)));
		if (!stop) throw failure;
	} else if (outcome.ended) {
		fired.push(...(await confirmRemovals(poll, state, endRound(state))));
	}
	staticData.assets = state;
	return fired.length > 0 ? [fired] : null;
}

/** Fetch Test Event: the most recently updated asset of the first page as "updated", changing nothing. */
export async function sampleAssets(ctx: IPollFunctions, poll: AssetPoll) {
	const { items } = await searchAssets(poll.api, {
		folderId: poll.folderId,
		max: Number.MAX_SAFE_INTEGER,
		keep: () => true,
		maxPages: 1,
		pagesRunOut: 'pause',
		until: poll.until,
	});
	const newest = [...items].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[0];
	if (!newest)
		throw new NodeOperationError(
			ctx.getNode(),
			'No asset in this scope can be read with this API key',
			{ failure: failureOf({ status: 404 }) },
		);
	return [[{ json: { event: 'updated', ...newest } as IDataObject }]];
}
