/**
 * The targets BENCHMARKS.md holds the run to (issue 25's, and the earlier ones), each with what
 * was measured and whether it was met; a target not met says why, from figures of the same run.
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../nodes/shared/transport';
import { POLL_CONCURRENCY } from '../nodes/AssetWorkspaceTrigger/pollJobs';
import { check, count, fmt, ratio } from './format';
import type { Measure } from './measure';
import { DIST_JS_TARGET_BYTES } from './packageSize';
import type { ReturnAllProfile } from './profileReturnAll';
import { RETURN_ALL_ASSETS, type BenchResults } from './results';
import { HTTP, HTTP_SPLIT, measureOf, RAW, THIS_NODE } from './returnAll';
import { ITEMS_AT_ONCE } from './gets';
import { FOLDER_ASSETS } from './triggerAssets';
import { WATCHED_JOBS } from './triggerJobs';

/** The positions of a page the sandbox bench times (bench/sandboxPages.ts), as the report names them. */
const PAGE_POSITIONS = {
	startMs: 'the start',
	middleMs: 'the middle',
	endMs: 'the end',
	folderMiddleMs: "the middle of the Finance folder's listing",
};

const IN_FLIGHT = DEFAULT_TRANSPORT_SETTINGS.pagesInFlight;
const MAX_REQUESTS = Math.ceil(RETURN_ALL_ASSETS / 100) + 3;
/** Requests per poll of the asset event over its folder, past a scope's first poll. */
const POLL_REQUESTS = Math.ceil(FOLDER_ASSETS / 100) + 1;

/** The first page alone, then the rest IN_FLIGHT at a time: the round trips latency alone costs. */
export const latencyFloorMs = (requests: number, latencyMs: number) =>
	(1 + Math.ceil((requests - 1) / IN_FLIGHT)) * latencyMs;

const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;

/** Where the CPU went, the three largest shares of the profile. */
export const profileSummary = (profile: ReturnAllProfile) =>
	profile.shares
		.slice(0, 3)
		.map((s) => `${s.owner} ${percent(s.ms, profile.busyMs)}`)
		.join(', ');

export function targetRows(r: BenchResults): string[][] {
	const need = (measures: Measure[], label: string) => measureOf(measures, label)!;
	const [ours0, split0, raw0] = [THIS_NODE, HTTP_SPLIT, RAW].map((l) => need(r.at0, l));
	const [ours50, http50] = [THIS_NODE, HTTP].map((l) => need(r.at50, l));
	const pages = r.sandboxPages;
	const perPage = pages.rows.flatMap((row) =>
		Object.entries(PAGE_POSITIONS).map(([key, position]) => ({
			assets: row.assets,
			position,
			ms: row[key as keyof typeof PAGE_POSITIONS],
		})),
	);
	const slowest = perPage.reduce((a, b) => (b.ms > a.ms ? b : a));
	const fastest = perPage.reduce((a, b) => (b.ms < a.ms ? b : a));
	const polls = r.assetPolls;
	const slowestPoll = polls.reduce((a, b) => (b.ms > a.ms ? b : a));
	const firstPolls = polls.filter((p) => p.first);
	const laterPolls = polls.filter((p) => !p.first);
	const laterRequests = Math.max(...laterPolls.map((p) => p.requests));
	const firstRequests = Math.max(...firstPolls.map((p) => p.requests));
	const floor50 = latencyFloorMs(ours50.requests, 50);
	const pollFloor = latencyFloorMs(slowestPoll.requests, 50);
	const [gets10, gets1] = r.gets;
	const jobsFloor = Math.ceil(WATCHED_JOBS / POLL_CONCURRENCY) * 20;
	return [
		[
			'Sandbox: time per page at 1,000, 10,000 and 1,000,000 assets within 2x of each other',
			`${ratio(pages.ratio, 1)} (${fmt(fastest.ms)} to ${fmt(slowest.ms)} a page, every size and position)`,
			check(
				pages.ratio <= 2,
				`the slowest page is at ${slowest.position} of ${count(slowest.assets)} assets`,
			),
		],
		[
			'Return All of 10,000 at 0 ms: time <= 1.0x the HTTP Request node + Split Out',
			`${ratio(ours0.ms, split0.ms)} (${fmt(ours0.ms)} against ${fmt(split0.ms)})`,
			check(
				ours0.ms <= split0.ms,
				`the same pages take a raw fetch loop ${fmt(raw0.ms)}; the node's CPU (profile below): ${profileSummary(r.profile)}`,
			),
		],
		[
			'Return All of 10,000 at 50 ms: time <= 1/3 of the HTTP Request node',
			`${ratio(ours50.ms, http50.ms)} (${fmt(ours50.ms)} against ${fmt(http50.ms)})`,
			check(
				ours50.ms <= http50.ms / 3,
				`latency alone costs ${fmt(floor50)} (the first page, then ${IN_FLIGHT} in flight: ${floor50 / 50} round trips of 50 ms), the rest, ${fmt(ours50.ms - floor50)}, is the node's own work and waiting for a core (at 0 ms it takes ${fmt(ours0.ms)})`,
			),
		],
		[
			`Return All of 10,000: requests <= ceil(N/100)+3 = ${MAX_REQUESTS}`,
			`${ours0.requests} at 0 ms, ${ours50.requests} at 50 ms`,
			check(
				Math.max(ours0.requests, ours50.requests) <= MAX_REQUESTS,
				`the listing ends with an empty page at offset ${count(RETURN_ALL_ASSETS)} (the HTTP Request node asks ${split0.requests} pages); the pages past it were already in flight when it answered`,
			),
		],
		[
			`Asset Created or Updated, a folder of ${count(FOLDER_ASSETS)} at 50 ms: every poll <= 2 s (all ${polls.length} polls below)`,
			`slowest ${fmt(slowestPoll.ms)} (${slowestPoll.label})`,
			check(
				slowestPoll.ms <= 2000,
				`latency alone costs ${fmt(pollFloor)} (${pollFloor / 50} round trips), the rest, ${fmt(slowestPoll.ms - pollFloor)}, is the poll's own work (and, on a loaded machine, waiting for a core)`,
			),
		],
		[
			`Asset Created or Updated: ${POLL_REQUESTS} requests per poll, every poll after a scope's first (the first knows no end yet: up to ${IN_FLIGHT - 1} pages past it, so at most ${POLL_REQUESTS + IN_FLIGHT - 1})`,
			`${laterRequests} (first polls: ${firstPolls.map((p) => p.requests).join(' and ')})`,
			check(laterRequests <= POLL_REQUESTS && firstRequests <= POLL_REQUESTS + IN_FLIGHT - 1),
		],
		[
			`Published package: dist JavaScript <= ${count(DIST_JS_TARGET_BYTES)} bytes (${DIST_JS_TARGET_BYTES / 1000} kB), zod once`,
			`${count(r.pkg.totalBytes)} bytes, zod ${r.pkg.zodCopies} time${r.pkg.zodCopies === 1 ? '' : 's'}`,
			check(
				r.pkg.totalBytes <= DIST_JS_TARGET_BYTES && r.pkg.zodCopies === 1,
				'see the package table',
			),
		],
		[
			'1,000 Gets at 20 ms: >= 4x faster than one at a time',
			`${ratio(gets1.ms, gets10.ms)} faster`,
			check(
				gets1.ms >= 4 * gets10.ms,
				`${ITEMS_AT_ONCE} at a time took ${fmt(gets10.ms)}, where latency alone costs ${fmt((1000 / ITEMS_AT_ONCE) * 20)}; one at a time ${fmt(gets1.ms)} (latency alone: ${fmt(1000 * 20)})`,
			),
		],
		[
			`Trigger poll of ${WATCHED_JOBS} jobs at 20 ms: <= 2 s`,
			fmt(r.jobsPoll.ms),
			check(
				r.jobsPoll.ms <= 2000,
				`latency alone costs ${fmt(jobsFloor)} (${jobsFloor / 20} round trips of 20 ms, ${POLL_CONCURRENCY} jobs at a time), the rest, ${fmt(r.jobsPoll.ms - jobsFloor)}, is the poll's own work (and, on a loaded machine, waiting for a core)`,
			),
		],
	];
}
