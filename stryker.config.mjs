// @ts-check
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

import parts from './stryker/parts.cjs';

// The part to run (stryker/parts.cjs), which scripts/mutation.ts sets; each is a run of its own.
const partName = process.env.MUTATION_PART ?? 'paging';
const part = parts.PARTS[partName];
if (!part)
	throw new Error(`MUTATION_PART=${partName}: not one of ${Object.keys(parts.PARTS).join(', ')}`);
const reports = `reports/mutation/${partName}`;

/**
 * Mutation testing (npm run test:mutation; docs/development.md): StrykerJS changes the code that
 * decides, one small mutation at a time, and runs the unit and integration tiers against each
 * mutant, as npm test runs them (stryker/jest.config.js). A mutant no test kills is a bug the
 * suite would let through. One part of the code per run (stryker/parts.cjs), held to its target.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
	mutate: part.mutate,
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'stryker/jest.config.js',
		enableFindRelatedTests: true,
	},
	coverageAnalysis: 'perTest',
	// Mutants of module-level constants run while every test file loads: each would need every
	// test file in a fresh jest, hours of a run. Stryker reports them as ignored.
	ignoreStatic: true,
	checkers: ['typescript'],
	// nodes/ and credentials/ only: a mutant TypeScript refuses there is never published.
	tsconfigFile: 'stryker/tsconfig.json',
	typescriptChecker: { prioritizePerformanceOverAccuracy: true },
	incremental: true,
	incrementalFile: `${reports}/stryker-incremental.json`,
	reporters: ['html', 'json', 'clear-text', 'progress'],
	htmlReporter: { fileName: `${reports}/index.html` },
	jsonReporter: { fileName: `${reports}/mutation.json` },
	clearTextReporter: { allowColor: false, logTests: false },
	// Stryker gives half to TypeScript checkers, the rest to test runners. A test runner keeps more
	// than a core busy, so more runners are no faster, and slow each test past its dry-run time.
	concurrency: availableParallelism(),
	thresholds: { high: part.target, low: part.target, break: part.target },
	// Timeouts count as killed: a mutant that hangs the suite is found. Generous, so that other
	// work on the machine does not make a slow run of a correct mutant a timeout.
	timeoutFactor: 3,
	timeoutMS: 30_000,
	// Both tiers in one jest process take minutes.
	dryRunTimeoutMinutes: 30,
	// Outside the project: n8n's lint and jest would read the sandbox's copy of the code as ours.
	tempDirName: join(tmpdir(), 'asset-workspace-stryker', partName),
	ignorePatterns: [
		'dist',
		'tmp',
		'reports',
		'coverage',
		'e2e/runtimes/*/node_modules',
		'docs/images',
	],
};
