/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run demo: the main job. A real n8n runs examples/demo.workflow.json against a seeded
 * sandbox; the result is printed for a person, and the full JSON is written to tmp/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { failed, openSession, runWorkflowFiles, type Session } from '../e2e/workflows';

const ROOT = join(__dirname, '..');
const WORKFLOW = join(ROOT, 'examples', 'demo.workflow.json');
const CHAIN = join(ROOT, 'examples', 'run-a-then-b-then-c.workflow.json');

type Json = Record<string, any>;

function table(rows: string[][]): string {
	const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
	return rows
		.map(
			(r, i) =>
				`  ${r
					.map((cell, c) => cell.padEnd(widths[c]))
					.join('  ')
					.trimEnd()}${i === 0 ? `\n  ${widths.map((w) => '-'.repeat(w)).join('  ')}` : ''}`,
		)
		.join('\n');
}

let session: Session | undefined;
async function main() {
	const log = (line: string) => process.stderr.write(`${line}\n`);
	session = await openSession({ sandbox: { jobStepMs: 700 }, log });
	const [run, chain] = await runWorkflowFiles(session, [WORKFLOW, CHAIN], log);
	const out = (node: string): Json[] => run.nodes[node]?.[0] ?? [];
	const resultFile = join(ROOT, 'tmp', 'demo-result.json');
	mkdirSync(join(ROOT, 'tmp'), { recursive: true });
	writeFileSync(resultFile, JSON.stringify({ demo: run.raw, chain: chain.raw }, null, 2));

	const lines: string[] = [];
	lines.push(
		'',
		`Asset Workspace demo: a real n8n ran ${WORKFLOW.replace(`${ROOT}/`, '')} against the sandbox at ${session.baseUrl}`,
		'',
	);
	const assets = out('List all assets');
	lines.push(`Every asset (Asset > Get Many, Return All): ${assets.length}`);
	lines.push(
		table([
			['NAME', 'TYPE', 'FOLDER'],
			...assets.map((a) => [a.name, a.type, a.parentFolder?.name ?? '(root)']),
		]),
		'',
	);
	const job = out('Run Revenue Forecast and wait')[0];
	if (job) {
		lines.push(
			`Run of Revenue Forecast (Asset > Execute, waiting for completion): job ${job.jobId}`,
		);
		lines.push(
			`  ended "${job.status}" after ${job.waitedSeconds} s and ${job.pollCount} status checks (started ${job.startedAt}, finished ${job.finishedAt})`,
			'',
		);
	}
	const published = out('Published version of Revenue Forecast')[0];
	if (published) {
		lines.push(
			`Published version of Revenue Forecast (Model Version > Get Published): v${published.versionNumber} "${published.comment}"`,
		);
		lines.push(
			`  canvas: ${published.nodeCount} tools of ${published.toolTypes.length} kinds (${published.toolTypes.join(', ')}), ${published.edgeCount} connections`,
			'',
		);
	}
	const versions = out('Versions of Campaign Attribution');
	lines.push('Versions of Campaign Attribution (Model Version > Get Many):');
	lines.push(
		table([
			['VERSION', 'STATE', 'COMMENT'],
			...versions.map((v) => [
				`v${v.versionNumber}`,
				v.published ? 'published' : v.recordType,
				v.comment,
			]),
		]),
		'',
	);
	lines.push(
		'',
		`${chain.name} (examples/run-a-then-b-then-c.workflow.json): each step starts when the one before has finished`,
	);
	lines.push(
		table([
			['STEP', 'STATUS', 'WAITED', 'FINISHED'],
			...Object.keys(chain.nodes)
				.filter((n) => n !== 'Start')
				.map((name) => {
					const step = chain.nodes[name][0]?.[0] ?? {};
					return [
						name,
						String(step.status ?? '-'),
						`${step.waitedSeconds ?? '-'} s`,
						String(step.finishedAt ?? '-'),
					];
				}),
		]),
		'',
	);
	for (const r of [run, chain])
		if (failed(r)) lines.push(`${r.name} FAILED: ${r.error?.node}: ${r.error?.message}`);
	lines.push(`Full JSON of the run: ${resultFile}`);
	lines.push(
		'Import examples/demo.workflow.json into your n8n to try it there (point the credential at `npm run sandbox`).',
	);
	process.stdout.write(`${lines.join('\n')}\n`);
	return failed(run) || failed(chain) ? 1 : 0;
}

const finish = async (code: number) => {
	await session?.close();
	process.exit(code);
};
process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));
main().then(finish, async (error: unknown) => {
	process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
	await finish(1);
});
