/**
 * BENCHMARKS.md's other sections: the validation of Return All's pages, the published package's
 * size, 1,000 Gets, and the trigger's polls (Job Finished over 500 jobs, Asset Created or Updated
 * over a folder of 10,000 assets).
 */
import { DEFAULT_TRANSPORT_SETTINGS } from '../nodes/shared/transport';
import { POLL_CONCURRENCY } from '../nodes/AssetWorkspaceTrigger/events/jobFinished/poll';
import { count, fmt, markdownTable, measureTable } from './format';
import { RUNS } from './measure';
import { BEFORE_ZOD_4 } from './answerValidation';
import { BEFORE_ISSUE_25 } from './packageSize';
import type { BenchResults } from './results';

export function validationSection({ validation }: BenchResults) {
	const rows = validation.rows.map((row) => [row.label, fmt(row.ms), fmt(row.validationMs)]);
	return `## The validation of Return All of ${count(validation.assets)} assets

In the bench process, without HTTP (bench/answerValidation.ts): the 100 pages of 100 assets of a
sandbox of ${count(validation.assets)}, as JSON text, read as the node reads an answer (JSON.parse,
the key check, the schema), every variant one after another in each of ${validation.rounds} rounds;
the median of each. Validation is a variant's time less the floor's. "Before" is the code of
${BEFORE_ZOD_4}: a fast check compiled from zod 3's private \`_def\` (schemaCheck.ts), zod 3 only
where it said no.

${markdownTable(['variant', '100 pages (median)', 'validation'], rows)}`;
}

export function packageSection({ pkg }: BenchResults) {
	const paths = [...new Set([...Object.keys(BEFORE_ISSUE_25), ...pkg.files.map((f) => f.path)])];
	const rows = paths.map((path) => {
		const now = pkg.files.find((f) => f.path === path);
		return [
			`\`${path}\``,
			BEFORE_ISSUE_25[path] ? count(BEFORE_ISSUE_25[path]) : 'none',
			now ? count(now.bytes) : 'none',
			now ? String(now.zodCopies) : '',
		];
	});
	const before = Object.values(BEFORE_ISSUE_25).reduce((a, b) => a + b, 0);
	rows.push(['all JavaScript', count(before), count(pkg.totalBytes), String(pkg.zodCopies)]);
	return `## The published package

\`npm run build\`, then the size of each JavaScript file \`npm pack --dry-run --json\` lists (what
would be published), as test/tooling/package.test.ts weighs it; zod is counted by a sentence of zod
4's core that every bundled copy holds once (bench/packageSize.ts). Before: the
package at 3c8710f, before issue 25, one bundle per node with zod in each.

${markdownTable(['file (bytes)', 'before (3c8710f)', 'now', 'copies of zod now'], rows)}`;
}

export function getsSection({ gets }: BenchResults) {
	return `## 1,000 input items of Asset: Get, 20 ms latency

A Return All of 1,000 assets feeds 1,000 items to Asset: Get; only the Get node is timed (its
execution time as n8n records it, the median of ${RUNS} runs of \`n8n execute\`) and only its
requests (\`GET /assets/{id}\`) are counted.

${measureTable(gets, gets[1])}`;
}

export function triggerSections({ jobsPoll, assetPolls }: BenchResults) {
	const { pagesInFlight } = DEFAULT_TRANSPORT_SETTINGS;
	return `## Trigger: one poll over 500 watched jobs, 20 ms latency

Through n8n-core's PollContext in the bench process (a poll in a running n8n happens at most
once a minute, which makes it impractical to time there): each run is a fresh trigger's first
poll, timed around \`poll()\`, the median of ${jobsPoll.runs} runs. The first poll asks for every
watched job, ${POLL_CONCURRENCY} at a time.

${markdownTable(
	['run', 'time (median)', 'requests'],
	[[jobsPoll.label, fmt(jobsPoll.ms), String(jobsPoll.requests)]],
)}

## Trigger: Asset Created or Updated over a folder of 10,000 assets, 50 ms latency

Through n8n-core's PollContext, one poll after another on the same trigger (bench/triggerAssets.ts);
each poll is timed once, around \`poll()\`. The workspace holds 50,000 assets. Each poll reads the
folder's listing through the node's rate gate, the first page alone, then: in a scope's first
poll, which knows no end yet, 1, 2, 4 and up to ${pagesInFlight} pages at a time as the listing proves
long (so it may ask up to ${pagesInFlight - 1} pages past its end); in later polls ${pagesInFlight} at a time up to
where the listing ended last time, and nothing past it until those pages have answered. The
state is the size of what n8n saves for the trigger.

${markdownTable(
	['poll', 'time', 'requests', 'fired', 'state'],
	assetPolls.map((p) => [
		p.label,
		fmt(p.ms),
		String(p.requests),
		String(p.fired),
		`${count(p.stateBytes)} bytes`,
	]),
)}`;
}
