/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run test:mutation [-- <part>...]: StrykerJS on each part of the code (stryker/parts.cjs;
 * all when none is named), one run after another, then each folder's score against its target.
 * Exits non-zero when a run fails or a score is below its target.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

import { folderScores, type ReportFiles } from './mutation-scores';
import { PARTS } from '../stryker/parts.cjs';

const parts = process.argv.slice(2);
const unknown = parts.filter((part) => !(part in PARTS));
if (unknown.length > 0)
	throw new Error(`not a part: ${unknown.join(', ')} (parts: ${Object.keys(PARTS).join(', ')})`);

const run = parts.length > 0 ? parts : Object.keys(PARTS);
let failed = false;
for (const part of run) {
	const stryker = spawnSync('npx', ['stryker', 'run'], {
		stdio: 'inherit',
		env: { ...process.env, MUTATION_PART: part },
	});
	failed ||= stryker.status !== 0;
}

// The reports of the parts run now only: another part's may be older than the code.
const files: ReportFiles = {};
for (const part of run) {
	const report = `reports/mutation/${part}/mutation.json`;
	if (existsSync(report)) Object.assign(files, JSON.parse(readFileSync(report, 'utf8')).files);
}
for (const { folder, target, score, mutants } of folderScores(files)) {
	failed ||= score < target;
	console.log(
		`${score >= target ? 'ok   ' : 'BELOW'} ${score.toFixed(2).padStart(6)} % of ${mutants} mutants (target ${target} %) ${folder}`,
	);
}
process.exitCode = failed ? 1 : 0;
