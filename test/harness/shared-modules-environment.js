/**
 * The integration tier's test environment: one vm context per jest worker, the first test file's,
 * so that what the worker's files load from node_modules can be loaded once
 * (shared-modules-runtime.js) and still be of the same realm as each file's code.
 */
const { TestEnvironment } = require('jest-environment-node');

let realm;

class SharedRealmEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		if (!realm) realm = this;
		else
			for (const field of ['context', 'global', 'moduleMocker', 'fakeTimers', 'fakeTimersModern'])
				this[field] = realm[field];
	}

	// The realm outlives each file.
	async teardown() {}
}

module.exports = SharedRealmEnvironment;
