/**
 * Jest's transform of our TypeScript: esbuild, one file at a time, as tsconfig's isolatedModules
 * says every file can be. ts-jest did the same (without type checks: `npm run typecheck` does
 * them) but loaded TypeScript in every jest process: 19 suites and 6 integration workers.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync } = require('esbuild');
const { version } = require('esbuild/package.json');

// jest keys its cache by this alone: esbuild's version, this file and tsconfig.json are in it.
const SELF = readFileSync(__filename, 'utf8');

// The project's compiler options (esbuild reads those that change its output: the target, so
// class fields are defined as ES2022 does, and esModuleInterop).
const tsconfigRaw = { compilerOptions: require('../../tsconfig.json').compilerOptions };

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
			.update(
				[
					version,
					SELF,
					JSON.stringify(tsconfigRaw),
					configString,
					String(instrument),
					path,
					source,
				].join('\0'),
			)
			.digest('hex');
	},
};
