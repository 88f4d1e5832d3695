/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n's own migration report for n8n 3 (n8n 2.41.1's GET /rest/breaking-changes/report?version=v3,
 * the nearest thing to an n8n 3 that runs here) names none of this package's workflows: every
 * example and each end-to-end workflow is created in the shared n8n, the report refreshed, and
 * each rule about workflows that finds anything is asked which workflows it found. Its rules
 * about the instance are about how n8n is run: the README says what to set for those a user of
 * this package meets (unverified packages, SSRF protection). About 10 s once its n8n runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8nSession } from '../../e2e/n8n-session';
import { readWorkflow } from '../../e2e/workflows';

const ROOT = join(__dirname, '..', '..');
const FOLDERS = [join(ROOT, 'examples'), join(__dirname, 'workflows')];
const files = FOLDERS.flatMap((folder) =>
	readdirSync(folder)
		.filter((file) => file.endsWith('.workflow.json'))
		.map((file) => join(folder, file)),
);

let session: N8nSession;
beforeAll(async () => {
	session = await N8nSession.shared();
}, 10 * 60_000);
afterAll(async () => session?.close(), 60_000);

test(
	"n8n's v3 report: no rule about workflows names an example or an end-to-end workflow",
	async () => {
		const ours = new Map<string, string>();
		for (const file of files) {
			const created = await session.createWorkflow(readWorkflow(file) as any);
			ours.set(created.id, file.slice(ROOT.length + 1));
		}
		expect(ours.size).toBeGreaterThanOrEqual(18);
		// The check is not vacuous: a workflow with a node n8n 3 removes (Function) is named.
		const removed = await session.createWorkflow({
			name: 'A Function node, which n8n 3 removes',
			nodes: [
				{
					id: 'f',
					name: 'Function',
					type: 'n8n-nodes-base.function',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
			],
			connections: {},
		});
		const { report } = await session.rest.call(
			'POST',
			'/breaking-changes/report/refresh?version=v3',
		);
		expect(report.targetVersion).toBe('v3');
		const named: string[] = [];
		let control = '';
		for (const rule of report.workflowResults.filter((r: any) => r.nbAffectedWorkflows > 0)) {
			const found = await session.rest.call('GET', `/breaking-changes/report/${rule.ruleId}`);
			for (const workflow of found.affectedWorkflows as any[]) {
				if (ours.has(workflow.id)) named.push(`${rule.ruleId}: ${ours.get(workflow.id)}`);
				if (workflow.id === removed.id) control = rule.ruleId;
			}
		}
		expect(control).toBe('function-removed-v3');
		expect(named).toEqual([]);
		// The instance rules a user of this package meets, each answered in the README.
		const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
		const answers: Record<string, string> = {
			'unverified-packages-v3': 'N8N_UNVERIFIED_PACKAGES_ENABLED',
			'ssrf-default-blocked-ranges-v3': 'N8N_SSRF_ALLOWED_IP_RANGES',
		};
		for (const { ruleId } of report.instanceResults)
			if (answers[ruleId])
				expect({ ruleId, answered: readme.includes(answers[ruleId]) }).toEqual({
					ruleId,
					answered: true,
				});
	},
	5 * 60_000,
);
