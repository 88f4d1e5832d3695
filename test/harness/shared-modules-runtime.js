/**
 * jest's module loader, except that a module of node_modules is loaded once per jest process
 * (worker), not once per test file (n8n-core and n8n-workflow took about 2 s of CPU in
 * each of 59 files). Our own code (nodes/, test/) still loads afresh in each file.
 */
const { sep } = require('node:path');
const Runtime = require('jest-runtime').default;

const NODE_MODULES = `${sep}node_modules${sep}`;
/** Module records by path, this worker's. */
const shared = new Map();

class SharedModulesRuntime extends Runtime {
	requireModule(from, moduleName, options, isRequireActual) {
		const own = () => super.requireModule(from, moduleName, options, isRequireActual);
		if (options?.isInternalModule || !moduleName || this._resolution.isCoreModule(moduleName))
			return own();
		const path = this._resolution.resolveCjs(from, moduleName);
		if (!path.includes(NODE_MODULES)) return own();
		const known = shared.get(path);
		if (known) return known.exports;
		const exports = own();
		const record = this.registries.getActiveCjsRegistry().get(path);
		if (record) {
			shared.set(path, record);
			this.ownsShared = true;
		}
		return exports;
	}

	// A runtime whose modules others share stays: their lazy require() calls come back to it.
	teardown() {
		if (!this.ownsShared) super.teardown();
	}
}

module.exports = SharedModulesRuntime;
