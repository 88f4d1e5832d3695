/**
 * The targets on reading a listing (issue 30's and the earlier ones): Return All of 10,000 at 0
 * and 50 ms, of 1,000 and of 150 at 50 ms, and the Asset event's polls, each with what was
 * measured and whether it was met; one not met says why, from figures of the same run.
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../nodes/shared/transport';
import { reachOf } from '../nodes/shared/transport/paging/pages';
import { check, count, fmt, percent, ratio } from './format';
import type { Measure } from './measure';
import { ownMs, profileSummary } from './reportProfile';
import { RETURN_ALL_ASSETS, type BenchResults } from './results';
import { HTTP, HTTP_SPLIT, measureOf, RAW, THIS_NODE } from './returnAll';
import { FOLDER_ASSETS } from './triggerAssets';

/** The most pages this node keeps in flight (w). */
const W = DEFAULT_TRANSPORT_SETTINGS.pagesInFlight;
/** The pages of a listing of `assets`: pages of 100 that overlap by two, the last one not full. */
export const pagesOf = (assets: number) => (assets < 100 ? 1 : Math.floor((assets - 100) / 98) + 2);
/** What Return All of `assets` may ask at most: about ceil(N/98) + w; a listing of two pages, three. */
const requestBound = (assets: number) => (pagesOf(assets) === 2 ? 3 : pagesOf(assets) + W);

/** The round trips a listing of `pages` takes at least (`known` of them seen before) with the ramp. */
function roundTrips(pages: number, known = 0) {
	let trips = 0;
	for (let handedOn = 0; handedOn < pages; trips++)
		handedOn = Math.min(reachOf(handedOn, W, known), pages);
	return trips;
}

export function listingTargetRows(r: BenchResults): string[][] {
	const need = (measures: Measure[], label: string) => measureOf(measures, label)!;
	const [ours0, split0, http0, raw0] = [THIS_NODE, HTTP_SPLIT, HTTP, RAW].map((l) =>
		need(r.at0, l),
	);
	const [ours50, http50] = [THIS_NODE, HTTP].map((l) => need(r.at50, l));
	const { first } = r.profile;
	// n8n's own cost of 10,000 items: Split Out's time for the same items.
	const perItemMs = split0.nodeMs?.['Split Out'] ?? split0.ms - http0.ms;
	const nearWire = 2 * raw0.ms + perItemMs;
	const trips = roundTrips(pagesOf(RETURN_ALL_ASSETS));
	const polls = r.assetPolls;
	const slowestPoll = polls.reduce((a, b) => (b.ms > a.ms ? b : a));
	const pollPages = pagesOf(FOLDER_ASSETS);
	const pollTrips = roundTrips(pollPages, slowestPoll.first ? 0 : pollPages);
	const laterRequests = Math.max(...polls.filter((p) => !p.first).map((p) => p.requests));
	const firstRequests = polls.filter((p) => p.first).map((p) => p.requests);
	const small = r.small.map(({ assets, at50 }) => ({
		assets,
		ours: need(at50, THIS_NODE),
		http: need(at50, HTTP),
	}));
	return [
		[
			'Return All of 10,000 at 0 ms: time <= 1.0x the HTTP Request node + Split Out',
			`${ratio(ours0.ms, split0.ms)} (${fmt(ours0.ms)} against ${fmt(split0.ms)})`,
			check(ours0.ms <= split0.ms, `the node's CPU (profile below): ${profileSummary(first)}`),
		],
		[
			"Return All of 10,000 at 0 ms: time <= 2x the raw fetch loop + n8n's own per-item cost (Split Out's time for the same 10,000 items)",
			`${fmt(ours0.ms)} against ${fmt(nearWire)} (2 x ${fmt(raw0.ms)} + ${fmt(perItemMs)})`,
			check(
				ours0.ms <= nearWire,
				`what is left is n8n's: the HTTP Request node alone, the same ${http0.requests} requests through n8n's request helper with no per-item step, took ${fmt(http0.ms)}; this node's own code (its JSON.parse and schema checks included) is ${percent(ownMs(first), first.busyMs)} of the CPU of a first run in the profile below (${profileSummary(first)})`,
			),
		],
		[
			'Return All of 10,000 at 50 ms: time <= 1/3 of the HTTP Request node',
			`${ratio(ours50.ms, http50.ms)} (${fmt(ours50.ms)} against ${fmt(http50.ms)})`,
			check(
				ours50.ms <= http50.ms / 3,
				`latency alone costs ${fmt(trips * 50)} (${trips} round trips: the first page, then 1, 2, 4 and up to ${W} at a time), the rest, ${fmt(ours50.ms - trips * 50)}, is the node's own work and waiting for a core (at 0 ms it takes ${fmt(ours0.ms)})`,
			),
		],
		[
			`Return All of 10,000: requests <= ceil(N/98)+w = ${requestBound(RETURN_ALL_ASSETS)} (w = ${W}, the most pages in flight)`,
			`${ours0.requests} at 0 ms, ${ours50.requests} at 50 ms`,
			check(
				Math.max(ours0.requests, ours50.requests) <= requestBound(RETURN_ALL_ASSETS),
				`the listing ends with a short page at offset ${count(98 * (pagesOf(RETURN_ALL_ASSETS) - 1))} (pages overlap by two; the HTTP Request node asks ${split0.requests} pages); the pages past it were already in flight when it answered`,
			),
		],
		[
			`Return All of ${small.map((s) => count(s.assets)).join(' and of ')} at 50 ms: time <= the HTTP Request node's; requests <= ceil(N/98)+w (${small.map((s) => `${count(s.assets)}: ${requestBound(s.assets)}`).join(', ')})`,
			small
				.map(
					(s) =>
						`${count(s.assets)}: ${fmt(s.ours.ms)} (${fmt(s.http.ms)}), ${s.ours.requests} requests`,
				)
				.join('; '),
			check(
				small.every((s) => s.ours.ms <= s.http.ms && s.ours.requests <= requestBound(s.assets)),
				small
					.map(
						(s) =>
							`${count(s.assets)}: latency alone costs this node ${fmt(roundTrips(pagesOf(s.assets)) * 50)} (${roundTrips(pagesOf(s.assets))} round trips), the HTTP Request node ${fmt(pagesOf(s.assets) * 50)} (${pagesOf(s.assets)} pages one after another)`,
					)
					.join('; '),
			),
		],
		[
			`Asset Created or Updated, a folder of ${count(FOLDER_ASSETS)} at 50 ms: every poll <= 2 s (all ${polls.length} polls below)`,
			`slowest ${fmt(slowestPoll.ms)} (${slowestPoll.label})`,
			check(
				slowestPoll.ms <= 2000,
				`latency alone costs ${fmt(pollTrips * 50)} (${pollTrips} round trips), the rest, ${fmt(slowestPoll.ms - pollTrips * 50)}, is the poll's own work (and, on a loaded machine, waiting for a core)`,
			),
		],
		[
			`Asset Created or Updated: ${pollPages} requests per poll, every poll after a scope's first (the first knows no end yet: up to ${W - 1} pages past it, so at most ${pollPages + W - 1})`,
			`${laterRequests} (first polls: ${firstRequests.join(' and ')})`,
			check(laterRequests <= pollPages && Math.max(...firstRequests) <= pollPages + W - 1),
		],
	];
}
