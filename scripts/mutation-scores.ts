/**
 * Each folder's mutation score against its target, from Stryker's JSON reports (scripts/mutation.ts
 * prints them). A part's thresholds.break holds one score for the whole part; this holds each folder.
 */

/** Each folder's target in percent; "the rest of" a folder is its files outside the other folders. */
export const TARGETS: ReadonlyArray<{ folder: string; target: number; restOf?: boolean }> = [
	{ folder: 'nodes/shared/transport/paging/', target: 90 },
	{ folder: 'nodes/AssetWorkspaceTrigger/events/', target: 90 },
	{ folder: 'nodes/AssetWorkspaceTrigger/polling/', target: 90 },
	{ folder: 'nodes/shared/transport/', target: 85, restOf: true },
	{ folder: 'nodes/AssetWorkspaceTrigger/', target: 85, restOf: true },
];

/** The report's files, as far as a score needs them. */
export type ReportFiles = Record<string, { mutants: ReadonlyArray<{ status: string }> }>;

interface FolderScore {
	folder: string;
	target: number;
	score: number;
	mutants: number;
}

/** Stryker's score: timeouts count as killed, mutants no test ran as survivors; compile errors and ignored mutants are left out. */
function score(statuses: string[]): { score: number; mutants: number } {
	const detected = statuses.filter((status) => status === 'Killed' || status === 'Timeout').length;
	const mutants =
		detected + statuses.filter((status) => status === 'Survived' || status === 'NoCoverage').length;
	return { score: mutants === 0 ? 100 : (100 * detected) / mutants, mutants };
}

/** The score of each folder with files in the report. */
export function folderScores(files: ReportFiles): FolderScore[] {
	const scores: FolderScore[] = [];
	for (const { folder, target, restOf } of TARGETS) {
		const inOther = (path: string) =>
			TARGETS.some((other) => other.folder !== folder && path.startsWith(other.folder));
		const paths = Object.keys(files).filter(
			(path) => path.startsWith(folder) && !(restOf && inOther(path)),
		);
		if (paths.length === 0) continue;
		const statuses = paths.flatMap((path) => files[path].mutants.map((mutant) => mutant.status));
		scores.push({ folder: restOf ? `${folder} (the rest)` : folder, target, ...score(statuses) });
	}
	return scores;
}
