/**
 * The parts a full mutation run is split into (stryker.config.mjs, scripts/mutation.ts): each a
 * folder with its own Stryker run, report, incremental file and target score, so that each fits
 * in two hours on two cores (CI runs them side by side: .github/workflows/mutation.yml).
 * `mutate` are Stryker's globs; `target` is the lowest target of the folders a part mutates
 * (Stryker's thresholds.break), and scripts/mutation-scores.ts holds each folder to its own.
 */
exports.PARTS = {
	paging: { mutate: ['nodes/shared/transport/paging/**/*.ts'], target: 90 },
	events: {
		mutate: ['nodes/AssetWorkspaceTrigger/events/**/*.ts', 'nodes/AssetWorkspaceTrigger/*.ts'],
		target: 85,
	},
	polling: { mutate: ['nodes/AssetWorkspaceTrigger/polling/**/*.ts'], target: 90 },
	transport: {
		mutate: ['nodes/shared/transport/**/*.ts', '!nodes/shared/transport/paging/**/*.ts'],
		target: 85,
	},
};
