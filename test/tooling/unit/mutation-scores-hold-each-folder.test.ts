/**
 * npm run test:mutation holds each folder to its own target (scripts/mutation-scores.ts), scored
 * as the issue asks: timeouts count as killed, mutants no test ran as survivors, compile errors
 * and ignored mutants not at all; "the rest of" a folder leaves out the folders named in it.
 */
import { folderScores, type ReportFiles } from '../../../scripts/mutation-scores';

const mutants = (counts: Record<string, number>) =>
	Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));

test('each folder scored from its own files, by the issue’s rule', () => {
	const files: ReportFiles = {
		'nodes/shared/transport/paging/reader.ts': {
			mutants: mutants({ Killed: 8, Timeout: 1, Survived: 1 }),
		},
		'nodes/shared/transport/paging/names.ts': {
			mutants: mutants({ NoCoverage: 1, CompileError: 5, Ignored: 3 }),
		},
		'nodes/shared/transport/policy/retry.ts': {
			mutants: mutants({ Killed: 17, Survived: 3, RuntimeError: 2 }),
		},
		'nodes/AssetWorkspaceTrigger/polling/times.ts': { mutants: mutants({ Killed: 1 }) },
		'nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts': {
			mutants: mutants({ Killed: 1, Survived: 1 }),
		},
	};
	expect(folderScores(files)).toEqual([
		{ folder: 'nodes/shared/transport/paging/', target: 90, score: (100 * 9) / 11, mutants: 11 },
		{ folder: 'nodes/AssetWorkspaceTrigger/polling/', target: 90, score: 100, mutants: 1 },
		{ folder: 'nodes/shared/transport/ (the rest)', target: 85, score: 85, mutants: 20 },
		{ folder: 'nodes/AssetWorkspaceTrigger/ (the rest)', target: 85, score: 50, mutants: 2 },
	]);
});
