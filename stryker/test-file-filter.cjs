/**
 * jest's test file filter under Stryker: in a mutant's run, only the test files that ran that
 * mutant in the dry run (jest-environment.cjs wrote them down). Stryker names the tests to run,
 * but jest would still load every related file to find them.
 */
const { dryRun } = require('./dry-run.cjs');
const { activeMutant } = require('./mutant-run.cjs');

module.exports = async (testPaths) => {
	const mutant = activeMutant();
	if (mutant === undefined) return { filtered: testPaths };
	// Stryker runs only mutants some test ran (ignoreStatic leaves out those only module loading ran).
	const files = new Set(dryRun().perTest[mutant]);
	return { filtered: testPaths.filter((path) => files.has(path)) };
};
