/** BENCHMARKS.md as one run wrote it: the machine and its load, the targets, then each section. */
import { markdownTable } from './format';
import type { BenchResults } from './results';
import { growthSection, returnAllSections, sandboxSection } from './reportReturnAll';
import { getsSection, packageSection, triggerSections, validationSection } from './reportOthers';
import { targetRows } from './targets';

const load = (averages: number[]) => averages.map((n) => n.toFixed(2)).join(', ');

function loadNote(r: BenchResults) {
	const busiest = Math.max(...r.loadAtStart, ...r.loadAtEnd);
	const verdict =
		busiest > r.cores
			? `The machine was loaded (more runnable processes than its ${r.cores} cores), so these figures are slower than on a quiet machine, and ratios between flows measured minutes apart are less exact.`
			: `The machine was not loaded beyond its ${r.cores} cores.`;
	return `Load of the machine (\`os.loadavg()\`: 1, 5 and 15 minutes): ${load(r.loadAtStart)} when
the run began, ${load(r.loadAtEnd)} when it ended. ${verdict}`;
}

export function report(r: BenchResults) {
	return `# Benchmarks

Written by \`npm run bench\` (bench/run.ts) on ${r.startedAt.toISOString().slice(0, 10)}: ${r.cores} cores, Node.js ${r.nodeVersion} (bench and sandbox), ${r.n8nLabel}.
The whole run took ${Math.round(r.durationMs / 60_000)} minutes. Benchmarks, not tests: nothing here fails a build.
Each section says how its figures were taken. The sandbox runs in the bench process on this
machine; its \`--latency-ms\` delays every answer to imitate a network.

${loadNote(r)}

## Targets

${markdownTable(['target', 'measured', ''], targetRows(r))}

${sandboxSection(r)}

${returnAllSections(r)}

${validationSection(r)}

${growthSection(r)}

${packageSection(r)}

${getsSection(r)}

${triggerSections(r)}
`;
}
