/** Types for the scanner check (scripts/scan-package.ts): one plugin ships none, the other's are exports-only. */
declare module 'eslint-plugin-n8n-nodes-base' {
	const plugin: import('eslint').ESLint.Plugin & {
		configs: Record<
			'community' | 'credentials' | 'nodes',
			{ rules: import('eslint').Linter.RulesRecord }
		>;
	};
	export default plugin;
}

declare module '@typescript-eslint/parser' {
	export const parseForESLint: NonNullable<import('eslint').Linter.Parser['parseForESLint']>;
	export const meta: import('eslint').Linter.Parser['meta'];
}
