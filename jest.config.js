const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }] },
	testTimeout: 60000,
	// Most integration files spend their time waiting (Retry-After, timeouts, poll windows, job
	// steps), so more files run at once than there are cores: 6 on a 2-core machine, where jest's
	// default (cores - 1) is one. The e2e suites pass --runInBand.
	maxWorkers: Math.max(6, availableParallelism()),
	testSequencer: '<rootDir>/test/harness/sequencer.js',
	// test.concurrent: the fault matrix runs a fault's twelve operations six at a time (twelve at
	// once were quicker on a quiet machine, but a busy one then held their first requests past
	// the attempt timeout).
	maxConcurrency: 6,
};
