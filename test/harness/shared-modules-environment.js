/**
 * The test environment: one vm context per jest worker, the first test file's, so that what the
 * worker's files load from node_modules can be loaded once (shared-modules-runtime.js) and still
 * be of the same realm as each file's code. What jest keeps of a file on the global (its event
 * handlers, timeout, retries, expect's state) is removed before the next file begins, and its
 * mocks and timers are restored after it: test/tooling/shared-realm-keeps-files-apart.test.ts.
 */
const { TestEnvironment } = require('jest-environment-node');

const FILE_STATE = [
	'EVENT_HANDLERS',
	'TEST_TIMEOUT_SYMBOL',
	'RETRY_TIMES',
	'RETRY_TIMES_SETTER',
	'RETRY_IMMEDIATELY',
	'WAIT_BEFORE_RETRY',
	'LOG_ERRORS_BEFORE_RETRY',
].map((name) => Symbol.for(name));
const EXPECT = Symbol.for('$$jest-matchers-object');
const BUILT_IN = Symbol.for('$$jest-internal-matcher');

let realm;

class SharedRealmEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		if (!realm) {
			realm = this;
			return;
		}
		for (const field of ['context', 'global', 'moduleMocker', 'fakeTimers', 'fakeTimersModern'])
			this[field] = realm[field];
		for (const key of FILE_STATE) delete this.global[key];
		// expect's own object cannot be deleted: the matchers and testers a file added are.
		const expectState = this.global[EXPECT];
		for (const [name, matcher] of Object.entries(expectState?.matchers ?? {}))
			if (!matcher[BUILT_IN]) delete expectState.matchers[name];
		if (expectState) expectState.customEqualityTesters.length = 0;
	}

	// The realm outlives each file; what a file changed in it does not.
	async teardown() {
		this.moduleMocker.restoreAllMocks();
		this.fakeTimers.useRealTimers();
		this.fakeTimersModern.useRealTimers();
	}
}

module.exports = SharedRealmEnvironment;
