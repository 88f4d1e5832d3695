/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Runs workflow files in a real n8n: our package packed and installed like a user installs it,
 * a sandbox (or a real workspace), a credential `awSandboxCred01`, each workflow imported and
 * executed with n8n's CLI (`n8n execute`). Used by `npm run workflow`, `npm run demo` and the
 * benchmarks; `runWorkflowFiles` also runs files in an n8n that is running already, through its
 * REST API (an N8nSession: `npm run workflow -- --n8n FILE`, the end-to-end suites).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import { OWNER } from '../test/harness/http';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { N8n, type WorkflowRun } from './n8n';
import { N8nSession } from './n8n-session';
import type { N8nLine } from './runtime';
import { buildAndPack } from './install-package';

export interface RunOptions {
	sandbox?: SandboxOptions;
	/** A real workspace instead of the sandbox. */
	baseUrl?: string;
	apiKey?: string;
	keep?: boolean;
	/** The n8n line (default: AW_N8N_LINE, else n8n 2.x). */
	line?: N8nLine;
	/** Extra environment for n8n (for example durable poll cursors). */
	env?: Record<string, string>;
	log?: (line: string) => void;
}

export interface FileRun extends WorkflowRun {
	file: string;
	workflowId: string;
	name: string;
}

export interface Session {
	n8n: N8n;
	sandbox?: Sandbox;
	baseUrl: string;
	close(): Promise<void>;
}

/** A real n8n with the package installed and the credential imported, plus the sandbox it points at. */
export async function openSession(options: RunOptions = {}): Promise<Session> {
	const log = options.log ?? (() => {});
	const tarball = buildAndPack(log);
	const sandbox = options.baseUrl
		? undefined
		: await startSandbox({ jobStepMs: 500, ...options.sandbox });
	const baseUrl = options.baseUrl ?? sandbox!.url;
	const n8n = new N8n({
		keep: options.keep,
		line: options.line,
		log: options.log,
		env: options.env,
	});
	const close = async () => {
		await n8n.dispose();
		await sandbox?.close();
	};
	try {
		log(`Installing the package into a fresh n8n user folder (${n8n.userFolder})...`);
		n8n.installPackage(tarball);
		await n8n.importCredential({ baseUrl, apiKey: options.apiKey ?? OWNER });
	} catch (error) {
		await close();
		throw error;
	}
	return { n8n, sandbox, baseUrl, close };
}

/**
 * Reads a workflow file, each placeholder of `fill` (`__BASIC__`, say) replaced in its text; a
 * workflow without an id gets one (n8n needs it to execute by id).
 */
export function readWorkflow(
	file: string,
	fill: Record<string, string> = {},
): { id: string; name: string } & Record<string, unknown> {
	let text = readFileSync(file, 'utf8');
	for (const [placeholder, value] of Object.entries(fill)) text = text.replace(placeholder, value);
	const workflow = JSON.parse(text);
	workflow.id ??= randomBytes(8).toString('hex');
	workflow.name ??= basename(file);
	return workflow;
}

/**
 * n8n's Poll Times for a trigger that polls every `seconds` (a divisor of 60): one custom cron a
 * tick, each at a fixed second. n8n refuses a cron that fires more than once a minute
 * ("The polling interval is too short") but takes several that fire once a minute each, 2.x
 * (with or without its scheduler) and 1.x alike; the suites that wait for polls use it so that
 * each wait is seconds, not up to a minute.
 */
export const pollEvery = (seconds: number) => ({
	item: Array.from({ length: 60 / seconds }, (_, tick) => ({
		mode: 'custom',
		cronExpression: `${tick * seconds} * * * * *`,
	})),
});

/** Gives every Asset Workspace trigger of `workflow` `pollTimes` (see pollEvery). */
export function setPollTimes(workflow: { nodes: Array<Record<string, any>> }, pollTimes: object) {
	for (const node of workflow.nodes.filter((n) =>
		String(n.type).endsWith('.assetWorkspaceTrigger'),
	))
		node.parameters.pollTimes = pollTimes;
	return workflow;
}

/** Runs each file's workflow: imported and executed by n8n's CLI, or in a running n8n, by hand. */
export async function runWorkflowFiles(
	session: Session | N8nSession,
	files: string[],
	log: (line: string) => void = () => {},
): Promise<FileRun[]> {
	const runs: FileRun[] = [];
	const workflows = files.map((file) => ({ file, workflow: readWorkflow(file) }));
	if (session instanceof N8nSession) {
		for (const { file, workflow } of workflows) {
			const { id } = await session.createWorkflow(workflow as never);
			log(`Running ${file} in ${session.n8n.url}...`);
			runs.push({ file, workflowId: id, name: workflow.name, ...(await session.run(id)) });
		}
		return runs;
	}
	await session.n8n.importWorkflows(workflows.map(({ workflow }) => workflow));
	for (const { file, workflow } of workflows) {
		log(`Executing ${file}...`);
		const run = await session.n8n.execute(workflow.id);
		runs.push({ file, workflowId: workflow.id, name: workflow.name, ...run });
	}
	return runs;
}

export const failed = (run: WorkflowRun) => run.status !== 'success' || run.error !== undefined;
