const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': '<rootDir>/test/harness/esbuild-transform.js' },
	// A hang guard, not a speed check (speed lives in bench/): at npm test's busiest (the
	// integration files beside 15 n8n start-ups on 2 cores) a test takes tens of times its time
	// alone (the trigger poll's budget test: 0.5 s alone, past 60 s on CI once).
	testTimeout: 180_000,
	// One file more than there are cores (3 on a 2-core machine), so that a file's real waits (a
	// few: most waits are on test clocks, test/harness/clock.ts) overlap another's work. Each
	// worker loads jest and n8n once, and more workers only contend: alone on 2 cores, runs of 6
	// and 3 in turn, the integration tier took 145 and 155 s of CPU with 6, 122 and 152 s with 3;
	// the unit tier 10.9 s (6.1 s wall) with 6, 8.0 s (4.4 s) with 3. The e2e suites pass
	// --runInBand.
	maxWorkers: availableParallelism() + 1,
	// What a jest process's files load from node_modules (n8n-core, n8n-workflow: about 2 s of
	// CPU a file) is loaded once per process, in one vm context; our own code loads afresh in
	// each file, and what jest keeps of a file is cleared before the next one. The integration
	// tier alone: 108 s of CPU, 191 s with a context and modules per file.
	testEnvironment: '<rootDir>/test/harness/shared-modules-environment.js',
	runtime: '<rootDir>/test/harness/shared-modules-runtime.js',
	testSequencer: '<rootDir>/test/harness/sequencer.js',
	// test.concurrent: the fault matrix runs a fault's twelve operations six at a time (on test
	// clocks: a busy machine cannot hold a request past its attempt's time limit).
	maxConcurrency: 6,
};
