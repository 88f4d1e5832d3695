/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A real n8n for one run: a fresh user folder, our package installed into it the way n8n installs
 * a community package (the packed tarball into <user folder>/.n8n/nodes), credentials and
 * workflows imported with n8n's CLI, workflows executed with `n8n execute`, or n8n started as a
 * server so that active workflows (the trigger) run.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
	closeSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parseRawOutput, summarizeRun, type WorkflowRun } from './n8n-output';
import { freePort } from './ports';
import { ServerProcess } from './server-process';
import { inStartSlot } from './start-slots';
import { ensureRuntime } from './runtime';
import type { N8nLine, Runtime } from './runtime-lines';

export type { WorkflowRun } from './n8n-output';

export const PACKAGE_NAME = 'n8n-nodes-asset-workspace';
export const CREDENTIAL = {
	id: 'awSandboxCred01',
	name: 'Asset Workspace Sandbox',
	type: 'assetWorkspaceApi',
};

export class N8n {
	readonly userFolder: string;
	readonly runtime: Runtime;
	private server?: ServerProcess;
	/** What the running `n8n start` has printed (for diagnosing a failed test). */
	serverOutput = '';
	port = 0;
	private brokerPort = 0;

	constructor(
		private readonly options: {
			keep?: boolean;
			/**
			 * Serve the editor (n8n's UI) from `n8n start`: the screenshots need it; the tests drive n8n
			 * through its CLI and REST API, and without the UI each start costs a third less CPU.
			 */
			editor?: boolean;
			line?: N8nLine;
			log?: (line: string) => void;
			/** Extra environment, over the defaults (queue mode: EXECUTIONS_MODE, DB_*, QUEUE_*). */
			env?: Record<string, string>;
			/** This user folder (created when missing, never removed) instead of a fresh temporary one. */
			userFolder?: string;
			/** Called with each piece of what the running `n8n start` prints. */
			onOutput?: (text: string) => void;
		} = {},
	) {
		this.runtime = ensureRuntime(options.line, options.log);
		if (options.userFolder) mkdirSync(options.userFolder, { recursive: true });
		this.userFolder = options.userFolder ?? mkdtempSync(join(tmpdir(), 'aw-n8n-'));
	}

	private async env() {
		this.brokerPort ||= await freePort();
		return this.runtime.env({
			NODE_ENV: 'production',
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: 'asset-workspace-e2e-only-key',
			DB_TYPE: 'sqlite',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
			N8N_EXPRESSION_ENGINE: 'legacy',
			N8N_SECURE_COOKIE: 'false',
			N8N_DISABLE_UI: this.options.editor ? 'false' : 'true',
			N8N_PORT: String(this.port || 5678),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			...this.options.env,
		});
	}

	/**
	 * Runs an n8n CLI command without blocking this process (the sandbox may live in it). With
	 * `measureMemory`, GNU time reports the process's peak resident memory. Each command loads all
	 * of n8n, so it runs in a start slot (e2e/start-slots.ts).
	 *
	 * stdout goes to a file, not a pipe: n8n exits right after printing a result, and on a pipe (where
	 * Node.js writes asynchronously) the end of a large result can be lost (seen with 10 MB of items).
	 */
	private async cli(
		args: string[],
		measureMemory = false,
	): Promise<{ code: number | null; stdout: string; stderr: string; peakKb?: number }> {
		const command = [this.runtime.node, this.runtime.n8n, ...args];
		// Peak memory needs GNU time; without it the figure is simply left out.
		if (measureMemory && existsSync('/usr/bin/time'))
			command.unshift('/usr/bin/time', '-f', '__PEAK_KB=%M');
		const stdoutFile = join(this.userFolder, `stdout-${process.hrtime.bigint()}.txt`);
		const env = await this.env();
		let stderr = '';
		const code = await inStartSlot(async () => {
			const stdoutFd = openSync(stdoutFile, 'w');
			const child = spawn(command[0], command.slice(1), {
				cwd: this.userFolder,
				env,
				stdio: ['ignore', stdoutFd, 'pipe'],
			});
			closeSync(stdoutFd); // the child has its own copy
			child.stderr!.on('data', (chunk) => (stderr += chunk));
			return await new Promise<number | null>((resolve) => child.on('close', resolve));
		});
		const stdout = readFileSync(stdoutFile, 'utf8');
		rmSync(stdoutFile, { force: true });
		const peak = /__PEAK_KB=(\d+)/.exec(stderr)?.[1];
		return { code, stdout, stderr, peakKb: peak ? Number(peak) : undefined };
	}

	/** Installs the packed package like n8n installs a community package. */
	installPackage(tarball: string) {
		const nodesDir = join(this.userFolder, '.n8n', 'nodes');
		mkdirSync(nodesDir, { recursive: true });
		writeFileSync(
			join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true }),
		);
		const result = spawnSync(
			'npm',
			['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', tarball],
			{ cwd: nodesDir, env: this.runtime.env(), encoding: 'utf8' },
		);
		if (result.status !== 0) throw new Error(`installing ${tarball} failed: ${result.stderr}`);
	}

	/** The Asset Workspace credential `awSandboxCred01`, or (with `credential`) another one. */
	async importCredential(
		data: Record<string, unknown>,
		credential: { id: string; name: string; type: string } = CREDENTIAL,
	) {
		const file = join(this.userFolder, 'credentials.json');
		writeFileSync(file, JSON.stringify([{ ...credential, data }]));
		const result = await this.cli(['import:credentials', `--input=${file}`]);
		rmSync(file, { force: true });
		if (result.code !== 0)
			throw new Error(`import:credentials failed: ${result.stderr || result.stdout}`);
	}

	/** Several workflows with one `import:workflow --separate` (n8n starts once instead of once each). */
	async importWorkflows(workflows: object[]) {
		const dir = mkdtempSync(join(this.userFolder, 'workflows-'));
		workflows.forEach((workflow, i) =>
			writeFileSync(join(dir, `${i}.json`), JSON.stringify(workflow)),
		);
		const result = await this.cli(['import:workflow', '--separate', `--input=${dir}`]);
		rmSync(dir, { recursive: true, force: true });
		if (result.code !== 0)
			throw new Error(`import:workflow failed: ${result.stderr || result.stdout}`);
	}

	async importWorkflow(workflow: object) {
		await this.importWorkflows([workflow]);
	}

	/** Makes a workflow active: `publish:workflow` on n8n 2.x, `update:workflow --active=true` on 1.x. */
	async publish(workflowId: string) {
		const args =
			this.runtime.line === 'n8n-1'
				? ['update:workflow', `--id=${workflowId}`, '--active=true']
				: ['publish:workflow', `--id=${workflowId}`];
		const result = await this.cli(args);
		if (result.code !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
	}

	/** `n8n execute --id=… --rawOutput`; a failed node makes n8n exit 1, which is still a result. */
	async execute(
		workflowId: string,
		options: { measureMemory?: boolean } = {},
	): Promise<WorkflowRun & { peakKb?: number }> {
		const result = await this.cli(
			['execute', `--id=${workflowId}`, '--rawOutput'],
			options.measureMemory,
		);
		try {
			return { ...summarizeRun(parseRawOutput(result.stdout)), peakKb: result.peakKb };
		} catch (error) {
			throw new Error(
				`n8n execute gave no result (exit ${result.code}): ${(error as Error).message}\n${result.stderr.slice(-3000)}`,
			);
		}
	}

	/**
	 * Starts `n8n start` (or, with `worker`, `n8n worker` whose health server listens on `port`) and
	 * waits until /healthz/readiness says it is ready (database migrated, routes up). The start-up
	 * waits for a start slot (e2e/start-slots.ts); `timeoutMs` counts from when it has one.
	 */
	async start(timeoutMs = 120_000, worker?: { concurrency: number }) {
		await inStartSlot(() => this.startNow(timeoutMs, worker));
	}

	private async startNow(timeoutMs: number, worker?: { concurrency: number }) {
		this.port ||= await freePort();
		const env = await this.env();
		const args = worker ? ['worker', `--concurrency=${worker.concurrency}`] : ['start'];
		if (worker)
			Object.assign(env, {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(this.port),
			});
		this.serverOutput = '';
		this.server = new ServerProcess(this.runtime.node, [this.runtime.n8n, ...args], {
			cwd: this.userFolder,
			env,
			onOutput: (text) => {
				this.serverOutput += text;
				this.options.onOutput?.(text);
			},
		});
		await this.server.ready(`http://127.0.0.1:${this.port}/healthz/readiness`, timeoutMs, 'n8n');
	}

	/** The process id of the running `n8n start`, also its process group's (its task runner is in it). */
	get pid(): number | undefined {
		return this.server?.pid;
	}

	/**
	 * Sends `signal` to the running n8n (and its task runner) and waits until it has exited; with
	 * `escalateAfterMs`, sends SIGKILL if it is still running by then.
	 */
	async kill(signal: NodeJS.Signals, escalateAfterMs?: number) {
		const server = this.server;
		this.server = undefined;
		await server?.kill(signal, escalateAfterMs);
	}

	async stop() {
		await this.kill('SIGTERM', 15_000);
	}

	async dispose() {
		await this.stop();
		if (!this.options.keep && !this.options.userFolder)
			rmSync(this.userFolder, { recursive: true, force: true });
	}
}
