/**
 * jest's order of test files under Stryker: in a mutant's run, the files quickest in the dry run
 * first, so that once a cheap test has killed the mutant the environment skips the slow ones.
 * jest's own order otherwise.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { dryRun } = require('./dry-run.cjs');
const { activeMutant } = require('./mutant-run.cjs');

module.exports = class CheapFirstSequencer extends Sequencer {
	sort(tests) {
		if (activeMutant() === undefined) return super.sort(tests);
		const { fileMs } = dryRun();
		return [...tests].sort((a, b) => (fileMs[a.path] ?? 0) - (fileMs[b.path] ?? 0));
	}
};
