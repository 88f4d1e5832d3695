/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * After a release the publish workflow runs n8n's scanner on the version npm serves
 * (scripts/scan-published.sh), and a refusal fails the workflow. The scanner's CLI exits 0 when
 * a package fails its checks, so the script reads its verdict. Here `npm` and `npx` are stand-ins
 * on PATH that answer as the registry and the scanner would; the script itself runs as written.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '..', '..', '..');
const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const SPEC = `${name}@${version}`;
let bin: string;

beforeEach(() => (bin = mkdtempSync(join(tmpdir(), 'aw-scan-'))));
afterEach(() => rmSync(bin, { recursive: true, force: true }));

/** Runs the script with `npm view` and the scanner answering as given; `npx` records its arguments. */
function scan(registry: { serves: boolean }, scanner: { prints: string; exits: number }) {
	const stub = (file: string, body: string) => {
		writeFileSync(join(bin, file), `#!/usr/bin/env bash\n${body}\n`);
		chmodSync(join(bin, file), 0o755);
	};
	stub('npm', `exit ${registry.serves ? 0 : 1}`);
	stub(
		'npx',
		`echo "$@" > "${join(bin, 'npx-args')}"\necho '${scanner.prints}'\nexit ${scanner.exits}`,
	);
	const run = spawnSync('bash', [join(ROOT, 'scripts', 'scan-published.sh')], {
		env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, AW_SCAN_TRIES: '1' },
		encoding: 'utf8',
	});
	const args = (() => {
		try {
			return readFileSync(join(bin, 'npx-args'), 'utf8').trim();
		} catch {
			return undefined;
		}
	})();
	return { status: run.status, out: run.stdout + run.stderr, args };
}

test("a release the scanner passes: the script passes, having scanned this package's version", () => {
	const run = scan(
		{ serves: true },
		{ prints: `✅ Package ${SPEC} has passed all security checks`, exits: 0 },
	);
	expect(run.status).toBe(0);
	expect(run.args).toBe(`--yes @n8n/scan-community-package@latest ${SPEC}`);
});

test('a release the scanner refuses fails the workflow, though the scanner exits 0', () => {
	const run = scan(
		{ serves: true },
		{ prints: `❌ Package ${SPEC} has failed security checks`, exits: 0 },
	);
	expect(run.status).toBe(1);
	expect(run.out).toContain(`::error title=n8n's scanner refused ${SPEC}::`);
});

test('a scanner that cannot run fails the workflow', () => {
	const run = scan({ serves: true }, { prints: 'Analysis failed: network', exits: 1 });
	expect(run.status).toBe(1);
});

test('a version npm does not serve fails the workflow without a scan', () => {
	const run = scan({ serves: false }, { prints: 'has passed all security checks', exits: 0 });
	expect(run.status).toBe(1);
	expect(run.args).toBeUndefined();
	expect(run.out).toContain(`npm does not serve ${SPEC}`);
});

test('the publish workflow scans after publishing, on Node.js 24, as CI checks', () => {
	const read = (file: string) =>
		parse(readFileSync(join(ROOT, '.github', 'workflows', file), 'utf8'));
	const publish = read('publish.yml');
	expect(publish.jobs.scan.needs).toBe('publish');
	expect(publish.jobs.scan.steps.map((step: { run?: string }) => step.run)).toContain(
		'bash scripts/scan-published.sh',
	);
	for (const workflow of [publish, read('ci.yml')])
		for (const job of Object.values(workflow.jobs) as Array<{ steps: Array<{ with?: object }> }>)
			for (const step of job.steps.filter((s) => s.with && 'node-version' in s.with))
				expect(step.with).toMatchObject({ 'node-version': 24 });
});
