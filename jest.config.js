const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }] },
	testTimeout: 60000,
	// More files run at once than there are cores (6 on a 2-core machine, where jest's default,
	// cores - 1, is one), so that the integration files' real waits (a few: most waits are on test
	// clocks, test/harness/clock.ts) overlap the others' work. The e2e suites pass --runInBand.
	maxWorkers: Math.max(6, availableParallelism()),
	testSequencer: '<rootDir>/test/harness/sequencer.js',
	// test.concurrent: the fault matrix runs a fault's twelve operations six at a time (on test
	// clocks: a busy machine cannot hold a request past its attempt's time limit).
	maxConcurrency: 6,
};
