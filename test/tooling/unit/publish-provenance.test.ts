/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Publishing carries npm provenance (n8n requires it of community packages): prepublishOnly's
 * decision (scripts/publish-guard.ts) refuses a publish that could not carry it, npm itself is
 * asked for provenance (publishConfig), and the publish workflow holds `id-token: write` only in
 * the job that publishes, with an npm that can use trusted publishing and the token as fallback.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

import { provenanceRefusal } from '../../../scripts/publish-guard';

const ROOT = join(__dirname, '..', '..', '..');
const GITHUB_JOB = {
	GITHUB_ACTIONS: 'true',
	ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.example/request',
	ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'request-token',
	npm_config_provenance: 'true',
};

describe('prepublishOnly refuses a publish without provenance', () => {
	test('from a developer machine', () => {
		expect(provenanceRefusal({ npm_config_provenance: 'true' })).toMatch(/GitHub Actions/);
	});

	test('even when RELEASE_MODE is set (all that `n8n-node prerelease` asks for)', () => {
		expect(provenanceRefusal({ RELEASE_MODE: 'true' })).toMatch(/GitHub Actions/);
	});

	test('from a GitHub Actions job without id-token: write', () => {
		const { ACTIONS_ID_TOKEN_REQUEST_URL, ACTIONS_ID_TOKEN_REQUEST_TOKEN, ...job } = GITHUB_JOB;
		expect(provenanceRefusal(job)).toMatch(/id-token: write/);
		expect(provenanceRefusal({ ...job, ACTIONS_ID_TOKEN_REQUEST_URL })).toMatch(/id-token/);
		expect(provenanceRefusal({ ...job, ACTIONS_ID_TOKEN_REQUEST_TOKEN })).toMatch(/id-token/);
	});

	test('with provenance turned off', () => {
		expect(provenanceRefusal({ ...GITHUB_JOB, npm_config_provenance: 'false' })).toMatch(
			/--provenance=false/,
		);
	});

	test('lets the publishing job through, and a dry run anywhere', () => {
		expect(provenanceRefusal(GITHUB_JOB)).toBeUndefined();
		expect(provenanceRefusal({ npm_config_dry_run: 'true' })).toBeUndefined();
	});
});

describe('the package and its publish workflow', () => {
	const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
	const workflow = parse(readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8'));
	const jobs: Record<string, { permissions?: Record<string, string>; steps: any[] }> =
		workflow.jobs;
	const runs = (job: string) => jobs[job].steps.map((step) => String(step.run ?? '')).join('\n');

	test('prepublishOnly runs the guard, and npm is asked for provenance on every publish', () => {
		expect(pkg.scripts.prepublishOnly).toBe('tsx scripts/publish-guard.ts');
		expect(pkg.publishConfig.provenance).toBe(true);
	});

	test('id-token: write is held only by the job that publishes, after every check', () => {
		expect(workflow.permissions).toEqual({ contents: 'read' });
		const minting = Object.keys(jobs).filter((job) => jobs[job].permissions?.['id-token']);
		expect(minting).toEqual(['publish']);
		expect(jobs.publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
		expect(workflow.jobs.publish.needs).toBe('check');
		expect(runs('check')).toContain('bash .ci/run');
		expect(runs('check')).not.toMatch(/npm publish/);
	});

	test('the publish runs npm 11.5.1 or newer with scripts on, provenance, and the token as fallback', () => {
		const publishing = runs('publish');
		expect(publishing).toMatch(/npm install --global "npm@>=11\.5\.1/);
		const publish = jobs.publish.steps.find((step) => /npm publish/.test(step.run ?? ''));
		expect(publish.run).toContain('--provenance');
		expect(publish.run).toContain('--ignore-scripts=false');
		expect(publish.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
	});
});
