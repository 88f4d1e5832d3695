/**
 * Jest's transform of our TypeScript: esbuild, one file at a time, as tsconfig's isolatedModules
 * says every file can be. ts-jest did the same (without type checks: `npm run typecheck` does
 * them) but loaded TypeScript in every jest process: 19 suites and 6 integration workers.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync } = require('esbuild');
const { version } = require('esbuild/package.json');

// jest keys its cache by this alone: esbuild's version and this file (its options) are in it.
const SELF = readFileSync(__filename, 'utf8');

// What of tsconfig.json changes the output: its target (class fields defined as ES2022 does).
const tsconfigRaw = { compilerOptions: { target: 'es2022', esModuleInterop: true } };

module.exports = {
	process(source, path) {
		const { code, map } = transformSync(source, {
			loader: 'ts',
			format: 'cjs',
			target: 'node20',
			sourcemap: true,
			sourcefile: path,
			tsconfigRaw,
			// import() as require(), as TypeScript writes it for CommonJS: jest's vm has no ES modules.
			supported: { 'dynamic-import': false },
		});
		return { code, map };
	},
	getCacheKey(source, path, { configString, instrument }) {
		return createHash('sha256')
			.update([version, SELF, configString, String(instrument), path, source].join('\0'))
			.digest('hex');
	},
};
