/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Lints the packed package the way n8n's community-package scanner (@n8n/scan-community-package)
 * does: the published files (compiled .js and package.json) with @n8n/eslint-plugin-community-nodes'
 * recommended rules, no-console, and eslint-plugin-n8n-nodes-base's community rules for
 * package.json, with inline disables ignored.
 */
import { ESLint, type Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesPlugin from 'eslint-plugin-n8n-nodes-base';
import * as tsParser from '@typescript-eslint/parser';

export async function scanPackage(
	packageDir: string,
): Promise<{ errors: number; report: string; files: number }> {
	const eslint = new ESLint({
		cwd: packageDir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: defineConfig(
			n8nCommunityNodesPlugin.configs.recommended as never,
			{ rules: { 'no-console': 'error' } },
			{ plugins: { 'n8n-nodes-base': n8nNodesPlugin } },
			{ files: ['package.json'], rules: { ...n8nNodesPlugin.configs.community.rules } },
			{
				files: ['**/*.json'],
				languageOptions: {
					parser: tsParser as Linter.Parser,
					parserOptions: { extraFileExtensions: ['.json'] },
				},
			},
		),
	});
	const results = await eslint.lintFiles(['**/*.js', '**/*.json']);
	const formatter = await eslint.loadFormatter('stylish');
	return {
		errors: results.reduce((n, r) => n + r.errorCount, 0),
		report: await formatter.format(results),
		files: results.length,
	};
}

/** `tsx scripts/scan-package.ts <unpacked package dir>`: prints the scan as JSON; exit status 1 on errors. */
if (require.main === module) {
	scanPackage(process.argv[2]).then(
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
