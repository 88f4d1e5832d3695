/** How the report writes figures: times, ratios, sizes, and a table of measured runs. */
import type { Measure } from './measure';

export const fmt = (ms: number) =>
	ms >= 1000
		? `${(ms / 1000).toFixed(2)} s`
		: ms >= 10
			? `${Math.round(ms)} ms`
			: `${ms.toFixed(2)} ms`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
export const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
export const count = (n: number) => n.toLocaleString('en-US');
export const mb = (peakMb?: number) => (peakMb ? `${Math.round(peakMb)} MB` : 'n/a');
export const check = (ok: boolean, why = '') =>
	ok ? 'met' : `**not met**${why ? `: ${why}` : ''}`;

/** A markdown table from a header row and rows of cells. */
export const markdownTable = (header: string[], rows: string[][]) =>
	[header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

/** Measured runs side by side, each time also as a ratio to `against`'s. */
export function measureTable(rows: Measure[], against: Measure) {
	return markdownTable(
		[
			'run',
			'time (median)',
			'requests (median)',
			'peak memory of `n8n execute` (median)',
			`time vs ${against.label}`,
		],
		rows.map((r) =>
			r.failed
				? [r.label, `did not finish: ${r.failed}`, '', '', '']
				: [r.label, fmt(r.ms), String(r.requests), mb(r.peakMb), ratio(r.ms, against.ms)],
		),
	);
}
