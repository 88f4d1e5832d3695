/**
 * The jest environment of each test file under Stryker: jest's node environment, which
 * - runs in its tier's time zone: Node.js takes a new process.env.TZ at once, so both tiers run
 *   in Stryker's one jest process, each in the zone npm test gives it;
 * - in the dry run, writes down which test files ran each mutant and how long each file and test
 *   took (dry-run.cjs);
 * - in a mutant's run, gives each test three times its dry-run time and 30 s, a hang's end
 *   without Stryker's restart of the runner, and skips the tests left once one failed: the mutant
 *   is killed, and Stryker's jest runner cannot bail by itself;
 * - reports each test's coverage to Stryker (its mixin).
 */
const { writeFileSync } = require('node:fs');
const { TestEnvironment } = require('jest-environment-node');
const { mixinJestEnvironment } = require('@stryker-mutator/jest-runner');
const { DRY_RUN, dryRun } = require('./dry-run.cjs');
const { activeMutant, killedAlready, markKilled } = require('./mutant-run.cjs');

/** Mutant id → the test files whose tests ran it; how long each file and test took. */
const recorded = { perTest: {}, fileMs: {}, testMs: {} };
const strykerContext = (global) => global[global.__strykerGlobalNamespace__ ?? '__stryker__'];

/** A test's name with the names of the blocks around it. */
function testName(test) {
	const names = [test.name];
	for (let block = test.parent; block?.parent; block = block.parent) names.unshift(block.name);
	return names.join(' ');
}

/** How many times each mutant ran in tests. */
function hitCounts(context) {
	const counts = {};
	for (const hits of Object.values(context?.mutantCoverage?.perTest ?? {}))
		for (const [id, n] of Object.entries(hits)) counts[id] = (counts[id] ?? 0) + n;
	return counts;
}

class StrykerTestEnvironment extends TestEnvironment {
	#testPath;
	#started;
	#hitsBefore;

	constructor(config, context) {
		const timeZone = config.projectConfig.testEnvironmentOptions?.timeZone;
		if (timeZone) process.env.TZ = timeZone;
		super(config, context);
		this.#testPath = context.testPath;
	}

	async setup() {
		this.#started = Date.now();
		await super.setup();
		this.#hitsBefore = hitCounts(strykerContext(this.global));
	}

	async handleTestEvent(event) {
		const test = event.test && `${this.#testPath} ${testName(event.test)}`;
		if (activeMutant() === undefined) {
			if (event.name === 'test_done') recorded.testMs[test] = event.test.duration;
			return;
		}
		if (event.name === 'test_done' && event.test.errors.length > 0) markKilled();
		const killed = killedAlready();
		if (!killed && event.name === 'test_start') {
			const ms = dryRun().testMs[test];
			if (ms !== undefined) event.test.timeout = 3 * ms + 30_000;
		}
		if (killed && event.name === 'run_describe_start') event.describeBlock.mode = 'skip';
		if (killed && event.name === 'test_start') event.test.mode = 'skip';
	}

	async teardown() {
		if (activeMutant() === undefined && this.#hitsBefore) this.#recordDryRun();
		await super.teardown();
	}

	#recordDryRun() {
		const after = hitCounts(strykerContext(this.global));
		for (const [id, n] of Object.entries(after))
			if (n > (this.#hitsBefore[id] ?? 0)) (recorded.perTest[id] ??= []).push(this.#testPath);
		recorded.fileMs[this.#testPath] = Date.now() - this.#started;
		writeFileSync(DRY_RUN, JSON.stringify(recorded));
	}
}

module.exports = mixinJestEnvironment(StrykerTestEnvironment);
