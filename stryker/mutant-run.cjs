/**
 * The mutant of this run (undefined in the dry run), and whether it was killed already: the test
 * environment (jest-environment.cjs) marks it at a test's failure; it and the test framework
 * (jest-circus-after-a-kill.cjs) skip what is left; the filter and the sequencer read the mutant.
 * One jest process runs every test file of a mutant's run, so the state outlives each file.
 */
const run = { mutant: undefined, killed: false };

/** The mutant of this run, undefined in the dry run. */
const activeMutant = () => process.env.__STRYKER_ACTIVE_MUTANT__;

/** Whether a test failed already in this mutant's run. */
const killedAlready = () => run.mutant === activeMutant() && run.killed;

/** A test of this mutant's run failed: it is killed. */
function markKilled() {
	Object.assign(run, { mutant: activeMutant(), killed: true });
}

module.exports = { activeMutant, killedAlready, markKilled };
