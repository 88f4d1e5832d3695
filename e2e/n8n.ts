/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A real n8n for one run: a fresh user folder, its CLI (n8n-cli.ts: our package installed,
 * credentials and workflows imported, workflows executed with `n8n execute`), and n8n started as
 * a server (or a queue-mode worker) so that active workflows (the trigger) run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8nCli } from './n8n-cli';
import { freePort } from './ports';
import { ensureRuntime, type N8nLine } from './runtime';
import { ServerProcess } from './server-process';

export { CREDENTIAL, PACKAGE_NAME } from './n8n-cli';
export type { WorkflowRun } from './n8n-output';

/** `folder` (created when missing), or else a fresh temporary one. */
function userFolderAt(folder?: string): string {
	if (folder) mkdirSync(folder, { recursive: true });
	return folder ?? mkdtempSync(join(tmpdir(), 'aw-n8n-'));
}

export class N8n extends N8nCli {
	private server?: ServerProcess;
	port = 0;
	private brokerPort = 0;

	constructor(
		private readonly options: {
			keep?: boolean;
			/** Serve the editor (n8n's UI): the screenshots need it, and a start costs a third more CPU. */
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
		super(ensureRuntime(options.line, options.log), userFolderAt(options.userFolder));
	}

	protected async env() {
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
			// V8's code for n8n's modules, kept beside the runtime's packages (Node.js 22.1+; 20 ignores
			// it): a start of n8n 2.41 took 15 to 17 s of CPU without it, 12 with it (measured alone).
			NODE_COMPILE_CACHE: join(this.runtime.dir, 'node_modules', '.cache', 'node-compile-cache'),
			...this.options.env,
		});
	}

	/**
	 * Starts `n8n start` (or, with `worker`, `n8n worker` whose health server listens on `port`) and
	 * waits until /healthz/readiness says it is ready (database migrated, routes up).
	 */
	async start(timeoutMs = 600_000, worker?: { concurrency: number }) {
		this.port ||= await freePort();
		const env = await this.env();
		const args = worker ? ['worker', `--concurrency=${worker.concurrency}`] : ['start'];
		if (worker)
			Object.assign(env, {
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(this.port),
			});
		process.stderr.write(`[n8n] ${args[0]} in ${this.userFolder}\n`);
		this.server = new ServerProcess(this.runtime.node, [this.runtime.n8n, ...args], {
			cwd: this.userFolder,
			env,
			onOutput: this.options.onOutput,
		});
		await this.server.ready(`http://127.0.0.1:${this.port}/healthz/readiness`, timeoutMs, 'n8n');
	}

	/** The process id of the running `n8n start`, also its process group's (its task runner is in it). */
	get pid(): number | undefined {
		return this.server?.pid;
	}

	/** Sends `signal` to n8n and its task runner and waits until it exits (SIGKILL after `escalateAfterMs`). */
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
