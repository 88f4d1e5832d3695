/**
 * jest's test file filter under Stryker: in a mutant's run, only the test files that ran that
 * mutant in the dry run (jest-environment.cjs wrote them down). Stryker names the tests to run,
 * but jest would still load every related file to find them.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const DRY_RUN = join(process.cwd(), '.stryker-dry-run.json');
let dryRun;

module.exports = async (testPaths) => {
	const mutant = process.env.__STRYKER_ACTIVE_MUTANT__;
	if (mutant === undefined) return { filtered: testPaths };
	dryRun ??= JSON.parse(readFileSync(DRY_RUN, 'utf8'));
	// Stryker runs only mutants some test ran (ignoreStatic leaves out those only module loading ran).
	const files = new Set(dryRun.perTest[mutant]);
	return { filtered: testPaths.filter((path) => files.has(path)) };
};
