/**
 * What the dry run recorded (jest-environment.cjs writes it): which test files ran each mutant,
 * how long each file and test took. Read once a process, by the filter, the sequencer and the
 * environment in a mutant's run.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const DRY_RUN = join(process.cwd(), '.stryker-dry-run.json');
let recorded;

/** The record, read at the first call (a mutant's run comes after the dry run has written it). */
const dryRun = () => (recorded ??= JSON.parse(readFileSync(DRY_RUN, 'utf8')));

module.exports = { DRY_RUN, dryRun };
