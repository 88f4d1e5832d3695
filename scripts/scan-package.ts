/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Lints the package the way n8n's community-package scanner (@n8n/scan-community-package) does,
 * in its two passes, inline disables ignored in both:
 * - the source pass: package.json and the sources under nodes/ and credentials/ (the scanner
 *   fetches them from the commit the package's provenance names), with
 *   @n8n/eslint-plugin-community-nodes' recommended rules, no-console, and
 *   eslint-plugin-n8n-nodes-base's community (package.json), credentials and nodes rule sets;
 * - the tarball pass: the published files (compiled .js and the JSON beside them, package.json
 *   included) with the same rules.
 */
import { ESLint, type Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesPlugin from 'eslint-plugin-n8n-nodes-base';
import * as tsParser from '@typescript-eslint/parser';
import { join } from 'node:path';

/** What the scanner lints of the source (its SOURCE_FILE_PATTERNS). */
const SOURCE_FILES = ['package.json', '{nodes,credentials}/**/*.{js,ts,json}'];
/** What it lints of the published package (ours adds the codex JSON beside the node files). */
const PACKAGE_FILES = ['**/*.js', '**/*.json'];

const parser = tsParser as Linter.Parser;

/** The scanner's rule sets (its buildScanConfig), the same for both passes. */
const scanConfig = () =>
	defineConfig(
		n8nCommunityNodesPlugin.configs.recommended as never,
		{ rules: { 'no-console': 'error' } },
		{ plugins: { 'n8n-nodes-base': n8nNodesPlugin } },
		{ files: ['package.json'], rules: { ...n8nNodesPlugin.configs.community.rules } },
		{
			files: ['**/credentials/**/*.ts'],
			rules: {
				...n8nNodesPlugin.configs.credentials.rules,
				'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
				'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
			},
		},
		{
			files: ['**/nodes/**/*.ts'],
			rules: {
				...n8nNodesPlugin.configs.nodes.rules,
				'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
				'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
				'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
			},
		},
		{
			files: ['**/*.json'],
			languageOptions: { parser, parserOptions: { extraFileExtensions: ['.json'] } },
		},
		{ files: ['**/*.ts'], languageOptions: { parser } },
	);

async function lint(dir: string, patterns: string[]) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: scanConfig(),
		errorOnUnmatchedPattern: false,
	});
	const results = await eslint.lintFiles(patterns);
	const formatter = await eslint.loadFormatter('stylish');
	return {
		errors: results.reduce((n, r) => n + r.errorCount, 0),
		report: await formatter.format(results),
		files: results.length,
	};
}

export interface Scan {
	/** Errors of both passes. */
	errors: number;
	/** Both passes' findings (empty when there are none). */
	report: string;
	/** Files the tarball pass linted. */
	files: number;
	/** Files the source pass linted. */
	sourceFiles: number;
}

/** Both passes: the unpacked package in `packageDir`, the sources in `sourceDir` (this repository). */
export async function scanPackage(
	packageDir: string,
	sourceDir = join(__dirname, '..'),
): Promise<Scan> {
	const source = await lint(sourceDir, SOURCE_FILES);
	const packed = await lint(packageDir, PACKAGE_FILES);
	return {
		errors: source.errors + packed.errors,
		report: [source.report, packed.report].filter(Boolean).join('\n'),
		files: packed.files,
		sourceFiles: source.files,
	};
}

/**
 * `tsx scripts/scan-package.ts <unpacked package dir> [<source dir>]`: prints the scan as JSON;
 * exit status 1 on errors.
 */
if (require.main === module) {
	scanPackage(process.argv[2], process.argv[3]).then(
		(result) => {
			process.stdout.write(`${JSON.stringify(result)}\n`);
			process.exit(result.errors > 0 ? 1 : 0);
		},
		(error: unknown) => {
			process.stderr.write(`scan-package: ${String(error)}\n`);
			process.exit(2);
		},
	);
}
