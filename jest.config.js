const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The test tiers as jest projects (`jest --selectProjects <name>`):
 * - `unit`: pure decisions, no HTTP, no n8n;
 * - `integration`: the node's real code in n8n-core's engine over real HTTP, the docs and the
 *   package checks;
 * - `e2e n8n-2`, `e2e n8n-1`: the suites in a real n8n of that line, which the project's
 *   globalSetup starts and its suites share (e2e/jest-shared-n8n.ts). A suite runs on n8n 1.x
 *   too when its header says `@n8n-lines n8n-2 n8n-1`.
 */
const common = {
	rootDir: __dirname,
	transform: { '^.+\\.ts$': '<rootDir>/test/harness/esbuild-transform.js' },
};

const E2E = join(__dirname, 'test', 'e2e');
const suitesOn = (line) =>
	readdirSync(E2E)
		.filter((file) => file.endsWith('.e2e.test.ts'))
		.filter(
			(file) =>
				line === 'n8n-2' || /@n8n-lines[^\n]*n8n-1/.test(readFileSync(join(E2E, file), 'utf8')),
		)
		.map((file) => `<rootDir>/test/e2e/${file}`);

const e2e = (line) => ({
	...common,
	displayName: `e2e ${line}`,
	testMatch: suitesOn(line),
	globals: { AW_N8N_LINE: line },
	globalSetup: `<rootDir>/e2e/jest-shared-${line}.ts`,
	globalTeardown: '<rootDir>/e2e/jest-shared-n8n-teardown.ts',
});

/** @type {import('jest').Config} */
module.exports = {
	projects: [
		{
			...common,
			displayName: 'unit',
			testMatch: ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/test/tooling/unit/**/*.test.ts'],
		},
		{
			...common,
			displayName: 'integration',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['/test/e2e/', '/test/unit/', '/test/tooling/unit/'],
		},
		e2e('n8n-2'),
		e2e('n8n-1'),
	],
	// A hang guard, not a speed check (speed lives in bench/); the e2e suites set their own.
	testTimeout: 180_000,
	// test.concurrent: the fault matrix runs a fault's twelve operations six at a time.
	maxConcurrency: 6,
};
