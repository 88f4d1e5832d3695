import { config } from '@n8n/node-cli/eslint';

// The official n8n community-node config applies in full to the published code
// (nodes/, credentials/, package.json). Dev-only code (the sandbox, tests, scripts and
// benchmarks) never ships: there, and only there, process/console/timers and Node's
// modules are allowed.
export default [
	{ ignores: ['dist/**', 'coverage/**', 'e2e/runtimes/*/node_modules/**', 'tmp/**'] },
	...config,
	{
		files: ['sandbox/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.ts'],
		rules: {
			'no-console': 'off',
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-hardcoded-secrets': 'off',
			'@n8n/community-nodes/require-node-api-error': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
		},
	},
	{
		// Tests read loosely typed JSON answers.
		files: ['test/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
		},
	},
];
