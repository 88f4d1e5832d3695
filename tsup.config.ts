/* eslint-disable @n8n/community-nodes/no-restricted-imports -- build configuration, never published: it runs on Node.js, outside n8n */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { transform } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

/**
 * zod is bundled with its syntax minified (names kept): it is a third party's code that nobody
 * reviews from dist/. Our own code stays as written, for n8n's reviewers. Not its whitespace:
 * esbuild's whitespace minification drops the `@__PURE__` and `@__NO_SIDE_EFFECTS__` annotations
 * (by design, evanw/esbuild#1990) that let the bundle leave out the parts of zod/v4-mini the
 * schemas do not use; without them all of it is bundled (223,032 bytes of JavaScript instead of
 * 176,861). So its whitespace goes after the build, once the unused parts are gone:
 * `squeezeZod` rewrites each of zod's modules in the shared chunk (the sections the bundler heads
 * with `// node_modules/zod/...`) without whitespace; our own sections stay as written.
 */
// A section's head names its source, from wherever node_modules is (a link: `../x/node_modules/`).
const SECTION = /^(?=\/\/ (?:[^\s/]+\/)*?(?:node_modules|nodes|credentials)\/)/m;
const PACKAGE_SECTION = /^\/\/ (?:[^\s/]+\/)*?node_modules\//;
const ZOD_SECTION = /^\/\/ (?:[^\s/]+\/)*?node_modules\/zod\//m;

const minifyZod: NonNullable<Options['esbuildPlugins']>[number] = {
	name: 'minify-zod',
	setup(build) {
		build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/].*\.c?js$/ }, async ({ path }) => {
			const source = await readFile(path, 'utf8');
			const { code } = await transform(source, { minifySyntax: true });
			return { contents: code, loader: 'js' };
		});
	},
};

/**
 * Every section of `code` that the bundler headed `// node_modules/zod/...`, its whitespace and
 * local names minified (a section's top-level names, which other sections use, stay: about 6 kB).
 */
async function squeezeZodSections(code: string): Promise<string> {
	const sections = code.split(SECTION);
	const squeezed = await Promise.all(
		sections.map(async (section) =>
			ZOD_SECTION.test(section)
				? `${(await transform(section, { minifyWhitespace: true, minifyIdentifiers: true })).code}\n`
				: section,
		),
	);
	return squeezed.join('');
}

/**
 * Our own code indented with tabs, as its source is, instead of esbuild's two spaces (about 6 kB
 * less), and without the comment lines esbuild keeps (the source has them; about 4 kB). Checked,
 * not trusted: minified, the file must be the same program before and after (a template literal
 * spanning lines keeps its spaces, or the build fails).
 */
async function indentWithTabs(file: string, code: string): Promise<string> {
	const tabbed = code
		.split(SECTION)
		.map((section) =>
			PACKAGE_SECTION.test(section)
				? section
				: section
						.replace(/^ *(?:\/\*\*?[^\n]*\*\/|\/\/(?! (?:nodes|credentials)\/)[^\n]*)\n/gm, '')
						.replace(/^ *\/\*\*(?:[^*]|\*(?!\/))*\*\/\n/gm, '')
						.replace(/^((?: {2})+)/gm, (spaces) => '\t'.repeat(spaces.length / 2)),
		)
		.join('');
	const same = async (text: string) => (await transform(text, { minifyWhitespace: true })).code;
	if ((await same(code)) !== (await same(tabbed)))
		throw new Error(`${file}: re-indenting with tabs would change the program`);
	return tabbed;
}

async function squeezeZod(outDir: string) {
	const dir = join(outDir, 'shared');
	for (const name of await readdir(dir)) {
		const file = join(dir, name);
		const code = await readFile(file, 'utf8');
		if (ZOD_SECTION.test(code)) await writeFile(file, await squeezeZodSections(code));
	}
}

/** Every JavaScript file under dist/, with its own code indented with tabs. */
async function indentDist(outDir: string) {
	const walk = async (dir: string): Promise<string[]> =>
		(await readdir(dir, { withFileTypes: true })).flatMap((entry) =>
			entry.isDirectory() ? [] : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
		);
	const dirs = ['credentials', 'nodes/AssetWorkspace', 'nodes/AssetWorkspaceTrigger', 'shared'];
	for (const dir of dirs)
		for (const file of await walk(join(outDir, dir)))
			await writeFile(file, await indentWithTabs(file, await readFile(file, 'utf8')));
}

// The published package: CommonJS files under dist/ at the paths named in package.json's `n8n` section.
// n8n-workflow (a peer dependency) stays external; zod and our own modules are bundled in,
// so the package loads with nothing but n8n. Code more than one entry uses (zod with it) is written
// once, to dist/shared/chunk-<hash>.js, which the entries require (docs/development.md, "What dist/
// holds"). `treeshake` has rollup write each file as CommonJS; without it tsup converts the chunks
// with sucrase, which adds helpers for `?.` and `??` to every file.
export default defineConfig({
	entry: {
		'credentials/AssetWorkspaceApi.credentials': 'credentials/AssetWorkspaceApi.credentials.ts',
		'nodes/AssetWorkspace/AssetWorkspace.node': 'nodes/AssetWorkspace/AssetWorkspace.node.ts',
		'nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node':
			'nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts',
	},
	outDir: 'dist',
	format: ['cjs'],
	target: 'node20',
	platform: 'node',
	clean: true,
	dts: false,
	sourcemap: false,
	splitting: true,
	treeshake: true,
	external: ['n8n-workflow'],
	noExternal: ['zod'],
	esbuildPlugins: [minifyZod],
	esbuildOptions(options) {
		options.chunkNames = 'shared/[name]-[hash]';
		// Syntax compacted (`let a = 1, b = 2`, `return x ? y : z`), names and lines kept: the package
		// stays readable and within its 180,000 bytes as the code is split into named steps.
		options.minifySyntax = true;
	},
	onSuccess: async () => {
		// Before zod is squeezed: its sections are still headed then.
		await indentDist('dist');
		await squeezeZod('dist');
	},
});
