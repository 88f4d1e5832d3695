/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A real n8n for one run: a fresh user folder, our package installed into it the way n8n installs
 * a community package (the packed tarball into <user folder>/.n8n/nodes), credentials and
 * workflows imported with n8n's CLI, workflows executed with `n8n execute`, or n8n started as a
 * server so that active workflows (the trigger) run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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

import { freePort } from './ports';
import { dieWithThisProcess, type Guard } from './processes';
import { inStartSlot } from './start-slots';
import { ensureRuntime, type N8nLine, type Runtime } from './runtime';

export const PACKAGE_NAME = 'n8n-nodes-asset-workspace';
export const CREDENTIAL = {
	id: 'awSandboxCred01',
	name: 'Asset Workspace Sandbox',
	type: 'assetWorkspaceApi',
};

export interface WorkflowRun {
	status: string;
	finished?: boolean;
	/** Output items of each node (first run, all outputs), JSON only. */
	nodes: Record<string, Array<Array<Record<string, unknown>>>>;
	/** The error of the node that failed the run, if any. */
	error?: { message: string; description?: string; node?: string };
	raw: any;
}

/**
 * `n8n execute --rawOutput` prints logger lines, then the result as indented JSON (from a line that
 * is exactly `{` to one that is exactly `}`), then, when a node failed, the error again as text.
 */
export function parseRawOutput(stdout: string): any {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{');
	const end = lines.indexOf('}', start);
	if (start < 0 || end < 0) throw new Error(`n8n printed no result:\n${stdout.slice(-3000)}`);
	return JSON.parse(lines.slice(start, end + 1).join('\n'));
}

export function summarizeRun(raw: any): WorkflowRun {
	const runData = raw?.data?.resultData?.runData ?? {};
	const nodes: WorkflowRun['nodes'] = {};
	let error: WorkflowRun['error'];
	for (const [name, runs] of Object.entries<any[]>(runData)) {
		const task = runs[0];
		nodes[name] = (task?.data?.main ?? []).map((output: any[] | null) =>
			(output ?? []).map((item) => item.json),
		);
		if (task?.error && !error)
			error = { message: task.error.message, description: task.error.description, node: name };
	}
	const topError = raw?.data?.resultData?.error;
	if (!error && topError)
		error = {
			message: topError.message,
			description: topError.description,
			node: topError.node?.name,
		};
	return { status: raw?.status ?? 'unknown', finished: raw?.finished, nodes, error, raw };
}

export class N8n {
	readonly userFolder: string;
	readonly runtime: Runtime;
	private server?: ChildProcess;
	private guard?: Guard;
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
		const file = join(this.userFolder, `workflow-${Date.now()}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		const result = await this.cli(['import:workflow', `--input=${file}`]);
		if (result.code !== 0)
			throw new Error(`import:workflow failed: ${result.stderr || result.stdout}`);
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
		const server = spawn(this.runtime.node, [this.runtime.n8n, ...args], {
			cwd: this.userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		this.server = server;
		this.guard = dieWithThisProcess(server.pid!, { group: true });
		this.serverOutput = '';
		const output = (chunk: Buffer) => {
			this.serverOutput += chunk;
			this.options.onOutput?.(chunk.toString());
		};
		server.stdout?.on('data', output);
		server.stderr?.on('data', output);
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (server.exitCode !== null)
				throw new Error(
					`n8n start exited (${server.exitCode}):\n${this.serverOutput.slice(-3000)}`,
				);
			try {
				const res = await fetch(`http://127.0.0.1:${this.port}/healthz/readiness`, {
					signal: AbortSignal.timeout(1000),
				});
				if (res.ok) return;
			} catch {
				// not up yet
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		throw new Error(
			`n8n was not ready (/healthz/readiness) within ${timeoutMs} ms:\n${this.serverOutput.slice(-3000)}`,
		);
	}

	/** The process id of the running `n8n start`, also its process group's (its task runner is in it). */
	get pid(): number | undefined {
		return this.server?.exitCode === null ? this.server.pid : undefined;
	}

	/**
	 * Sends `signal` to the running n8n (and its task runner) and waits until it has exited; with
	 * `escalateAfterMs`, sends SIGKILL if it is still running by then.
	 */
	async kill(signal: NodeJS.Signals, escalateAfterMs?: number) {
		const server = this.server;
		const guard = this.guard;
		this.server = this.guard = undefined;
		if (!server) return;
		const send = (sig: NodeJS.Signals) => {
			try {
				process.kill(-server.pid!, sig);
			} catch {
				// already gone
			}
		};
		if (server.exitCode === null && server.signalCode === null) {
			const exited = new Promise((resolve) => server.once('exit', resolve));
			send(signal);
			const timer =
				escalateAfterMs === undefined
					? undefined
					: setTimeout(() => send('SIGKILL'), escalateAfterMs);
			await exited;
			clearTimeout(timer);
		}
		send('SIGKILL'); // what is left of its group (a task runner that outlived it)
		guard?.release();
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
