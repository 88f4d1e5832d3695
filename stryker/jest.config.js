/**
 * jest as Stryker runs it (stryker.config.mjs): the unit and integration tiers of jest.config.js,
 * in one jest process (Stryker runs jest in band), each tier in its own time zone as npm test runs
 * them, and in a mutant's run only the test files that ran that mutant, cheapest first.
 */
const { join } = require('node:path');
const { projects, ...shared } = require('../jest.config.js');

const TIME_ZONES = { unit: 'Asia/Tokyo', integration: 'America/Los_Angeles' };
const LEFT_OUT = [
	// It checks the built package (dist/), not the sources Stryker mutates.
	'/test/tooling/package\\.test\\.ts$',
	// A scale test, the slowest file (minutes): it runs the Asset event's code at 10,000 assets and
	// more, which the model checker runs at small sizes; no mutant runs in it alone.
	'/test/promises/asset-event-on-a-scope-of-any-size\\.test\\.ts$',
];

module.exports = {
	...shared,
	// Stryker reads this file with jest's readInitialOptions, whose rootDir is this file's folder.
	rootDir: join(__dirname, '..'),
	// At the top level too: Stryker hands this configuration to jest as a JSON --config, which jest
	// spreads over every project, and Stryker's own environment wraps the one named here.
	testEnvironment: join(__dirname, 'jest-environment.cjs'),
	// Stryker checks the framework's name at the top level; jest reads it from each project.
	testRunner: join(__dirname, 'jest-circus-after-a-kill.cjs'),
	filter: join(__dirname, 'test-file-filter.cjs'),
	testSequencer: join(__dirname, 'cheap-first-sequencer.cjs'),
	projects: projects
		.filter((project) => project.displayName in TIME_ZONES)
		.map((project) => ({
			...project,
			testEnvironment: join(__dirname, 'jest-environment.cjs'),
			testEnvironmentOptions: { timeZone: TIME_ZONES[project.displayName] },
			testRunner: join(__dirname, 'jest-circus-after-a-kill.cjs'),
			setupFilesAfterEnv: [join(__dirname, 'setup.cjs')],
			testPathIgnorePatterns: [...(project.testPathIgnorePatterns ?? []), ...LEFT_OUT],
		})),
};
