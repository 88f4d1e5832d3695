/**
 * The parts a full mutation run is split into (stryker.config.mjs, scripts/mutation.ts): each a
 * folder or two files with its own Stryker run, report, incremental file and target score, so that
 * each fits in two hours on two cores (CI runs them side by side: .github/workflows/mutation.yml).
 * `mutate` are Stryker's globs; `target` is the lowest target of the folders a part mutates
 * (Stryker's thresholds.break), and scripts/mutation-scores.ts holds each folder to its own.
 */
const PAGING = 'nodes/shared/transport/paging';
const EVENTS = 'nodes/AssetWorkspaceTrigger/events';

exports.PARTS = {
	// The reader loop and where it looks again: its mutants wait for the model checker's files.
	reader: { mutate: [`${PAGING}/reader.ts`, `${PAGING}/search.ts`], target: 90 },
	paging: {
		mutate: [`${PAGING}/**/*.ts`, `!${PAGING}/reader.ts`, `!${PAGING}/search.ts`],
		target: 90,
	},
	polling: { mutate: ['nodes/AssetWorkspaceTrigger/polling/**/*.ts'], target: 90 },
	// The Asset event apart from the other two: its model checker is the slowest test file.
	'asset-event': { mutate: [`${EVENTS}/asset/**/*.ts`], target: 90 },
	events: {
		mutate: [`${EVENTS}/**/*.ts`, `!${EVENTS}/asset/**/*.ts`, 'nodes/AssetWorkspaceTrigger/*.ts'],
		target: 85,
	},
	policy: { mutate: ['nodes/shared/transport/policy/**/*.ts'], target: 85 },
	transport: {
		mutate: [
			'nodes/shared/transport/**/*.ts',
			`!${PAGING}/**/*.ts`,
			'!nodes/shared/transport/policy/**/*.ts',
		],
		target: 85,
	},
};
