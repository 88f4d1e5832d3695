/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The n8n processes of one configuration on one line, each with its own user folder under
 * `folder` and our package installed from the packed tarball (each machine of a real deployment
 * needs it), each one's output in <folder>/<process>.log:
 * - `default`: `n8n start` as n8n ships it, SQLite, executions in the main process;
 * - `durable`: n8n 2.x with its scheduler and durable poll cursors on (each poll's state is
 *   committed; n8n 1.x has no such mode);
 * - `queue`: n8n 2.x in queue mode, as users scale it out: `main`, `worker-1`, `worker-2`, and
 *   their Redis and PostgreSQL (queue.ts).
 * Any process can be stopped with a signal and started again (a restart, a killed worker).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

import { N8n } from './n8n';
import { QueueServices } from './queue';
import type { N8nLine } from './runtime';

export type N8nConfig = 'default' | 'durable' | 'queue';
export const QUEUE_WORKERS = ['worker-1', 'worker-2'];

/** n8n 2.41 with durable poll cursors (off by default): each poll's state is committed. */
const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/**
 * What every process of a line runs with. n8n 2.x: no task runner (no suite runs a Code node) and
 * a database ping a minute, not every 2 s. n8n 1.x: SQLite in WAL mode with a pool of 3, as 2.x
 * has by default; in 1.x's rollback-journal mode, suites side by side on one n8n failed each
 * other's transactions ("Transaction is not started yet").
 */
const LINE_ENV: Record<N8nLine, () => Record<string, string>> = {
	'n8n-2': () => ({
		N8N_RUNNERS_MODE: 'external',
		N8N_RUNNERS_AUTH_TOKEN: randomUUID(), // external mode requires one; no runner uses it
		DB_PING_INTERVAL_SECONDS: '60',
	}),
	'n8n-1': () => ({ DB_SQLITE_POOL_SIZE: '3' }),
};

export class HostedN8n {
	readonly processes = new Map<string, N8n>();
	readonly logs = new Map<string, string>();
	private readonly streams: WriteStream[] = [];
	/** Queue mode's Redis and PostgreSQL. */
	services?: QueueServices;

	constructor(
		readonly line: N8nLine,
		readonly config: N8nConfig,
		readonly folder: string,
		private readonly tarball: string,
		private readonly editor = false,
		/** More of n8n's settings, for every process (SSRF protection, say). */
		private readonly extraEnv: Record<string, string> = {},
	) {}

	/** Starts the services, then main, then the workers; each has its package installed first. */
	async start() {
		mkdirSync(this.folder, { recursive: true });
		const env = {
			...LINE_ENV[this.line](),
			...(this.config === 'durable' ? DURABLE_CURSORS : {}),
			...this.extraEnv,
		};
		if (this.config === 'queue') {
			this.services = new QueueServices();
			await this.services.start();
			Object.assign(env, this.services.n8nEnv());
		}
		const names = ['main', ...(this.config === 'queue' ? QUEUE_WORKERS : [])];
		for (const name of names) this.add(name, env);
		for (const name of names) await this.startProcess(name);
	}

	private add(name: string, env: Record<string, string>) {
		const log = join(this.folder, `${name}.log`);
		const stream = createWriteStream(log, { flags: 'a' });
		this.streams.push(stream);
		const n8n = new N8n({
			line: this.line,
			editor: this.editor,
			env,
			userFolder: join(this.folder, name),
			onOutput: (text) => stream.write(text),
		});
		n8n.installPackage(this.tarball);
		this.processes.set(name, n8n);
		this.logs.set(name, log);
	}

	private get(name: string): N8n {
		const n8n = this.processes.get(name);
		if (!n8n)
			throw new Error(`no n8n process "${name}" (${[...this.processes.keys()].join(', ')})`);
		return n8n;
	}

	/** Starts a process (again) and waits until it is ready. */
	async startProcess(name: string) {
		const worker = name.startsWith('worker-') ? { concurrency: 5 } : undefined;
		await this.get(name).start(undefined, worker);
	}

	/** Sends `signal` and waits until it has exited (SIGKILL after `escalateAfterMs`, if given). */
	async stopProcess(name: string, signal: NodeJS.Signals, escalateAfterMs?: number) {
		await this.get(name).kill(signal, escalateAfterMs);
	}

	get url(): string {
		return `http://127.0.0.1:${this.get('main').port}`;
	}

	/** Stops every process (SIGTERM; SIGKILL after 10 s), then the services. */
	async close() {
		await Promise.all([...this.processes.values()].map((n8n) => n8n.kill('SIGTERM', 10_000)));
		await this.services?.stop();
		await Promise.all(this.streams.map((stream) => new Promise((resolve) => stream.end(resolve))));
	}
}
