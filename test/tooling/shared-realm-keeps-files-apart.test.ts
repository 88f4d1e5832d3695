/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * jest here shares one vm context and what node_modules gives per worker between test files
 * (test/harness/shared-modules-*.js). Three canary files in one worker, one after another: the
 * first leaves a long timeout, a spy on a shared module and a matcher behind; the second throws
 * in a timer, which must fail it (not a finished file before it); the third starts clean. About
 * 3 s of CPU: one jest process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's own config file, CommonJS
const config = require(join(root, 'jest.config.js'));

test('a file fails by its own errors and starts clean after the files before it', () => {
	const dir = mkdtempSync(join(tmpdir(), 'aw-canaries-'));
	try {
		const report = join(dir, 'report.json');
		const canaries = {
			...config,
			rootDir: root,
			roots: ['<rootDir>/test/tooling/shared-realm-canaries'],
			testMatch: ['**/*.canary.ts'],
			testSequencer: '<rootDir>/test/tooling/shared-realm-canaries/sequencer.js',
		};
		spawnSync(
			join(root, 'node_modules', '.bin', 'jest'),
			[
				'--runInBand',
				'--ci',
				'--json',
				`--outputFile=${report}`,
				`--config=${JSON.stringify(canaries)}`,
			],
			{ cwd: root, encoding: 'utf8' },
		);
		const results = JSON.parse(readFileSync(report, 'utf8')).testResults.map(
			(file: { name: string; status: string; message: string }) => ({
				file: file.name.split('/').pop(),
				status: file.status,
				thrown: file.message.includes('thrown in a timer of the second file'),
			}),
		);
		expect(results).toEqual([
			{ file: '1-leaves-state-behind.canary.ts', status: 'passed', thrown: false },
			{ file: '2-throws-in-a-timer.canary.ts', status: 'failed', thrown: true },
			{ file: '3-starts-clean.canary.ts', status: 'passed', thrown: false },
		]);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
