/**
 * The targets BENCHMARKS.md holds the run to (issues 25 and 30, and the earlier ones), each with
 * what was measured and whether it was met; a target not met says why, from figures of the same
 * run. Those on reading a listing are in targetsListing.ts.
 */
import { POLL_CONCURRENCY } from '../nodes/AssetWorkspaceTrigger/events/jobFinished/poll';
import { check, count, fmt, ratio } from './format';
import { DIST_JS_TARGET_BYTES } from './packageSize';
import type { BenchResults } from './results';
import { ITEMS_AT_ONCE } from './gets';
import { listingTargetRows } from './targetsListing';
import { WATCHED_JOBS } from './triggerJobs';

/** The positions of a page the sandbox bench times (bench/sandboxPages.ts), as the report names them. */
const PAGE_POSITIONS = {
	startMs: 'the start',
	middleMs: 'the middle',
	endMs: 'the end',
	folderMiddleMs: "the middle of the Finance folder's listing",
};

export function targetRows(r: BenchResults): string[][] {
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
		...listingTargetRows(r),
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
