/** One poll of the Asset event (docs/trigger.md, "How it reads", "Rate limits", "Removals"). */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IPollFunctions,
} from 'n8n-workflow';

import { failureOf } from '../../../shared/errors/cause';
import type { Asset } from '../../../shared/schemas';
import { readAssetPages, searchAssets, type Resume } from '../../../shared/transport';
import { askRemovals, recordRemovals } from './removals';
import { readAssetsState, saveAssetsState, type AssetsState } from './state';
import { endRound, MAX_IDS, observeAssets } from './watch';
import { LEAST_TIME_TO_ASK_MS } from '../../polling/askWithin';
import type { PollWindowed } from '../../polling/event';
import { firstReadingBegan, newestOf, timeOf } from '../../polling/times';

export interface AssetPoll extends PollWindowed {
	folderId?: string;
	emitExisting: boolean;
	removed: boolean;
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

/** A time the node cannot read would make an asset fire never or always: the poll says so. */
function checkTimes(ctx: IPollFunctions, assets: Asset[]) {
	for (const asset of assets)
		for (const field of ['updatedAt', 'createdAt'] as const)
			if (timeOf(asset[field]) === undefined)
				throw new NodeOperationError(
					ctx.getNode(),
					`Asset Workspace API: the asset ${asset.id} has ${field} ${JSON.stringify(asset[field])}, which is not a date-time`,
					{
						description: 'The service must write times as ISO 8601 (2026-11-26T02:00:00Z).',
						failure: failureOf({ contract: 'shape' }),
					},
				);
}

type ReadPage = { items: Asset[]; offset: number; resume?: Resume };

/** This poll's part of the round: its pages, the newest time it read, and how the reading ended. */
async function readRound(poll: AssetPoll, state: AssetsState, restart: boolean) {
	const pages: ReadPage[] = [];
	// The newest service time in every answer, joined or not: how late its clock has been seen.
	let written = -Infinity;
	const end = { ended: false, lost: false, searching: false };
	if (!hasTime(poll)) return { pages, written, end };
	const reading = readAssetPages(poll.api, {
		folderId: poll.folderId,
		from: state.round?.last,
		restart,
		knownEnd: state.lastOffset,
		until: poll.until,
	});
	let failure: unknown;
	try {
		let left = false;
		for await (const read of reading) {
			const newest = newestOf(read.assets.map((asset) => asset.updatedAt));
			written = Math.max(written, newest ?? -Infinity);
			const joined = read.ended || read.resume !== undefined;
			if (joined) pages.push({ items: read.fresh, offset: read.offset, resume: read.resume });
			[end.ended, end.searching] = [read.ended, !joined];
			if (!read.ended && !hasTime(poll)) {
				left = true;
				break;
			}
		}
		// The reading stops by itself only at the listing's end, or where its place is gone.
		end.lost = !left && !end.ended;
	} catch (error) {
		failure = error;
	}
	// A 429, or a page cut off as the window closed: what was read counts; the round goes on.
	// Cut off with nothing read, a service too slow for a poll fails it, unless a 429 took the time.
	const rateLimited = poll.api.rateLimitedUntil > 0;
	const stop =
		failure instanceof NodeApiError &&
		!poll.api.askedToWaitTooLong &&
		(failure.httpCode === '429' || (!hasTime(poll) && (pages.length > 0 || rateLimited)));
	if (failure !== undefined && !stop) throw failure;
	return { pages, written, end };
}

/** Records each page read in the round and gives the changes that fire. */
function recordPages(
	ctx: IPollFunctions,
	poll: AssetPoll,
	state: AssetsState,
	pages: ReadPage[],
	now: number,
) {
	const fired: IDataObject[] = [];
	for (const page of pages) {
		const options = { emitExisting: poll.emitExisting, removed: poll.removed, now };
		for (const change of observeAssets<Asset>(state, page.items, options))
			fired.push({ event: change.event, ...change.asset });
		// Only the page that ends the listing has no place to go on from, and it ends the round.
		state.round = { ...state.round!, last: page.resume };
	}
	// The ids seen may repeat (a listing that moved): the distinct ones count.
	if (new Set(state.round?.ids).size > MAX_IDS) throw tooManyIds(ctx);
	return fired;
}

/** The removal candidates of a round that ended, or of a first reading that lost its place. */
function endOfReading(
	state: AssetsState,
	read: Awaited<ReturnType<typeof readRound>>,
	restart: boolean,
) {
	const { pages, end } = read;
	// Stopped looking for its place with nothing read, the next poll would look the same way, for
	// good: it starts over from 0, or (when it may not) is lost, as one whose search found nothing.
	const stuck = end.searching && pages.length === 0;
	// It looked for its place: it had one, where a round under way stopped.
	if (stuck && restart) state.round = { ...state.round!, last: undefined };
	// A first reading that may not start over and lost its place ends there.
	const lost = end.lost || (stuck && !restart);
	const lastPage = pages[pages.length - 1];
	return end.ended || lost ? endRound(state, lastPage?.offset ?? 0) : [];
}

export async function pollAssets(ctx: IPollFunctions, poll: AssetPoll) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readAssetsState(staticData, poll.folderId ?? '');
	const unchanged = JSON.stringify(state);
	const startedAt = poll.now();
	const first = state.watermark === undefined && state.round === undefined;
	// A first reading may start over while it keeps all it fired (no floor yet): none fires twice.
	const restart = !(
		state.watermark === undefined &&
		poll.emitExisting &&
		state.floor !== undefined
	);
	// The candidates still unconfirmed are asked beside the listing, not before it: a request that
	// does not answer holds its own place only, never the listing.
	const carried = poll.removed ? [...(state.unconfirmed ?? [])] : [];
	const [carriedAnswers, read] = await Promise.all([
		askRemovals(poll, carried),
		readRound(poll, state, restart),
	]);
	checkTimes(
		ctx,
		read.pages.flatMap((page) => page.items),
	);
	const dated = poll.api.serviceTime(startedAt);
	const now = first ? firstReadingBegan(dated, read.written) : dated;
	const fired = recordPages(ctx, poll, state, read.pages, now);
	// After the pages: one that listed an asset confirmed gone meanwhile does not keep it in scope.
	const carriedRemovals = recordRemovals(state, carriedAnswers, poll);
	if (carriedRemovals.waitTooLong) throw carriedRemovals.waitTooLong;
	const candidates = endOfReading(state, read, restart);
	const removals = recordRemovals(state, await askRemovals(poll, candidates), poll);
	if (removals.waitTooLong) throw removals.waitTooLong;
	// A poll that learnt nothing leaves no state: the next one still begins the first reading.
	saveAssetsState(staticData, state, unchanged);
	const items = [...fired.map((json) => ({ json })), ...carriedRemovals.fired, ...removals.fired];
	return items.length > 0 ? [items] : null;
}

/** Fetch Test Event, changing nothing: the most recently updated asset of the first page. */
export async function sampleAssets(ctx: IPollFunctions, poll: AssetPoll) {
	const { items } = await searchAssets(poll.api, {
		folderId: poll.folderId,
		max: Number.MAX_SAFE_INTEGER,
		keep: () => true,
		maxPages: 1,
		pagesRunOut: 'pause',
		until: poll.until,
	});
	const newest = [...items].sort(
		(a, b) => (timeOf(b.updatedAt) ?? 0) - (timeOf(a.updatedAt) ?? 0),
	)[0];
	if (!newest)
		throw new NodeOperationError(
			ctx.getNode(),
			'No asset in this scope can be read with this API key',
			{ failure: failureOf({ status: 404 }) },
		);
	return [[{ json: { event: 'updated', ...newest } as IDataObject }]];
}
