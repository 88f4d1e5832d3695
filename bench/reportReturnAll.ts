/**
 * BENCHMARKS.md's sections on reading a listing: the sandbox's own time per page, Return All of
 * 10,000 assets at 0 and 50 ms with its CPU profile, and Return All of 100,000 (how cost grows).
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../nodes/shared/transport';
import { count, fmt, markdownTable, mb, measureTable, ratio } from './format';
import { RUNS, type Measure } from './measure';
import { profileSection } from './reportProfile';
import { GROWTH_ASSETS, GROWTH_RUNS, RETURN_ALL_ASSETS, type BenchResults } from './results';
import { HTTP, HTTP_SPLIT, measureOf, THIS_NODE } from './returnAll';
import { pagesOf } from './targetsListing';

const TIMES = `Times are the measured nodes' own execution time as n8n records it
(\`executionTime\`; n8n's start-up, the workflow's import and the printing of the result
excluded), summed over the flow's nodes after the Manual Trigger`;

export function sandboxSection({ sandboxPages }: BenchResults) {
	const rows = sandboxPages.rows.map((r) => [
		count(r.assets),
		`${fmt(r.buildMs)} (CPU ${fmt(r.buildCpuMs)})`,
		`${Math.round(r.heapMb)} MB`,
		...[r.startMs, r.middleMs, r.endMs, r.folderMiddleMs].map(fmt),
	]);
	return `## The sandbox's own time per page

\`GET /assets?limit=100\` answered in the bench process without HTTP and without latency (the
route, the workspace and the answer's JSON; bench/sandboxPages.ts): each figure is the median of
200 answers, asked in 40 interleaved rounds over every size and position (a busy machine slows
them alike). The Finance folder's page is the viewer key's (a per key and folder view). Slowest
page over fastest: ${ratio(sandboxPages.ratio, 1)} (goal: at most 2x).

${markdownTable(
	[
		'public assets',
		'build (wall, one run)',
		'heap held',
		'page at the start',
		'middle',
		'end',
		'middle of the Finance folder',
	],
	rows,
)}`;
}

export function returnAllSections(r: BenchResults) {
	const split0 = measureOf(r.at0, HTTP_SPLIT)!;
	const http50 = measureOf(r.at50, HTTP)!;
	const { pagesInFlight } = DEFAULT_TRANSPORT_SETTINGS;
	return `## Return All of ${count(RETURN_ALL_ASSETS)} assets, 0 ms latency

The anchor is what a user builds by hand for the same output: the HTTP Request node with
offset pagination (one item per page) followed by Split Out (one item per asset).
${TIMES}; the median of ${RUNS} runs each. Requests come from the sandbox's log; memory is the peak resident
size of the whole \`n8n execute\` process (GNU time; n8n itself is most of it). The raw fetch loop
reads the same pages outside n8n, one after another (wall time around the loop).

${measureTable(r.at0, split0)}

${profileSection(r.profile, r.nodeVersion)}

## Return All of ${count(RETURN_ALL_ASSETS)} assets, 50 ms latency

The sandbox delays every answer by 50 ms to imitate a network; taken as at 0 ms.

${measureTable(r.at50, http50)}

This node reads the first page alone, then 1, 2, 4 and up to ${pagesInFlight} pages at a time as the
listing proves long (each page handed on lets one more go; after a 429 its rate gate lets one
through at a time, then more as answers succeed); the HTTP Request node and the raw loop read
one page after another. ${count(RETURN_ALL_ASSETS)} is a multiple of the page size, so all of them
also read the empty page at offset ${count(RETURN_ALL_ASSETS)}; this node may ask up to
${pagesInFlight - 1} pages past it before it knows where the listing ends.

${nearEqualSection(r)}

${smallSection(r)}`;
}

/** Return All over names a database sorts as equal: coarser groups may cost requests, never an asset. */
function nearEqualSection(r: BenchResults) {
	const plain = measureOf(r.at50, THIS_NODE)!;
	return `## Return All of ${count(RETURN_ALL_ASSETS)} near-equal names, 50 ms latency

Every run of four names is one name spelt four ways (\`Generated 0001\`, \`generated 0001\`,
\`GENERATED 0001\`, \`gENERATED 0001\`), which the sandbox sorts as equal, as a database's
collation sorts names that differ in case, accents or width: a page that ends inside such a group
is followed by one from the asset before the group, so pages overlap by more than two. Against this
node over the plain names of the run above.

${measureTable(r.nearEqual, plain)}`;
}

/** Return All of SMALL_LISTINGS at 50 ms: the ramp must not make a short listing slower or costlier. */
function smallSection(r: BenchResults) {
	const tables = r.small.map(
		({ assets, at50 }) =>
			`Of ${count(assets)} assets (${pagesOf(assets)} pages of 100 overlapping by two, the last one short):

${measureTable(at50, measureOf(at50, HTTP)!)}`,
	);
	return `## Return All of ${r.small.map((s) => count(s.assets)).join(' and of ')} assets, 50 ms latency

Taken as at ${count(RETURN_ALL_ASSETS)}: a short listing must not be slower or cost more requests
than the window's ramp allows (at most ceil(N/98) + w, pages of 100 overlapping by two, w the
most pages in flight; two pages: three requests).

${tables.join('\n\n')}`;
}

/** Per 10,000 assets, from the 10,000 and the 100,000 runs of one flow. */
const growthOf = (small: Measure | undefined, big: Measure) =>
	small?.peakMb && big.peakMb
		? `${ratio(big.ms, small.ms)} the time of ${count(RETURN_ALL_ASSETS)}; memory ${Math.round(((big.peakMb - small.peakMb) * 10_000) / (GROWTH_ASSETS - RETURN_ALL_ASSETS))} MB more per 10,000 assets`
		: '';

export function growthSection(r: BenchResults) {
	const split = measureOf(r.growth, HTTP_SPLIT);
	const ours = measureOf(r.growth, THIS_NODE);
	const rows = r.growth.map((m) =>
		m.failed
			? [m.label, `did not finish: ${m.failed}`, '', '', '', '']
			: [
					m.label,
					fmt(m.ms),
					String(m.requests),
					mb(m.peakMb),
					`${count(Math.round((m.outputBytes ?? 0) / 2 ** 20))} MB`,
					growthOf(measureOf(r.at0, m.label), m),
				],
	);
	const perAsset = ours?.outputBytes && Math.round(ours.outputBytes / GROWTH_ASSETS);
	return `## How cost grows: Return All of ${count(GROWTH_ASSETS)} assets, 0 ms latency

The same flows as at ${count(RETURN_ALL_ASSETS)}, over a sandbox of ${count(GROWTH_ASSETS)} assets;
taken the same way, but ${GROWTH_RUNS === 1 ? 'one run' : `the median of ${GROWTH_RUNS} runs`} each (a run prints
its whole result, some hundreds of MB of JSON, and takes minutes on a loaded machine).

${markdownTable(['run', 'time', 'requests', 'peak memory of `n8n execute`', "the items' JSON", `against ${count(RETURN_ALL_ASSETS)} (0 ms, above)`], rows)}

What to expect with a big workspace: n8n holds every item of an execution in memory (and keeps
them with the execution when it saves it), so Return All's memory grows with the listing, about
${perAsset ?? '?'} bytes of JSON an asset here; its time grows with the number of pages. ${
		ours && split
			? `Here ${count(GROWTH_ASSETS)} assets took this node ${fmt(ours.ms)} and ${mb(ours.peakMb)} of n8n's memory at its peak, and the HTTP Request node + Split Out ${fmt(split.ms)} and ${mb(split.peakMb)} (${ratio(ours.ms, split.ms)} the time, ${ratio(ours.peakMb!, split.peakMb!)} the memory).`
			: 'One of the flows did not finish here (the table says why).'
	} Return All stops with an error past ${count(DEFAULT_TRANSPORT_SETTINGS.maxPages)} pages (${count(DEFAULT_TRANSPORT_SETTINGS.maxPages * 100)} assets); a bigger listing, or one that would not fit in n8n's memory, is read in parts with Get Many's filters (Folder, Type, Name Contains).`;
}
