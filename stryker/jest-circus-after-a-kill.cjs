/**
 * jest's test framework under Stryker: jest-circus, except that in a mutant's run a test file that
 * comes after a test has killed the mutant is not loaded at all. Its tests would be skipped anyway
 * (jest-environment.cjs), but loading a file and what it imports costs about a second. Named with
 * "jest-circus" because Stryker's perTest coverage accepts only that framework.
 */
const { createEmptyTestResult } = require('@jest/test-result');
const circus = require('jest-circus/runner').default;
const { killedAlready } = require('./mutant-run.cjs');

/** A file not loaded, as one skipped test: jest fails a file that reports no test at all. */
const notLoaded = (testPath) => ({
	...createEmptyTestResult(),
	testFilePath: testPath,
	numPendingTests: 1,
	testResults: [
		{
			ancestorTitles: [],
			duration: 0,
			failureDetails: [],
			failureMessages: [],
			fullName: 'not loaded: the mutant was killed already',
			numPassingAsserts: 0,
			status: 'pending',
			title: 'not loaded: the mutant was killed already',
		},
	],
});

module.exports = async (globalConfig, config, environment, runtime, testPath, sendMessageToJest) =>
	killedAlready()
		? notLoaded(testPath)
		: circus(globalConfig, config, environment, runtime, testPath, sendMessageToJest);
