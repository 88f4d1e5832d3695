/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The n8n processes of one configuration (e2e/n8n-configs.ts) on one line, each with its own user
 * folder under `folder` and our package installed from the packed tarball (each machine of a real
 * deployment needs it), each one's output in <folder>/<process>.log: `main` (n8n start), and in
 * queue mode `worker-1`, `worker-2` and their Redis and PostgreSQL (e2e/queue.ts). Any process can
 * be stopped with a signal and started again (a restart of n8n, a killed worker).
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';

import {
	DURABLE_CURSORS,
	LINE_ENV,
	QUEUE_WORKERS,
	servesEditor,
	type N8nConfig,
} from './n8n-configs';
import { N8n } from './n8n';
import { QueueServices } from './queue';
import type { N8nLine } from './runtime-lines';

/** Far above the 5 to 60 s an n8n start takes on a loaded 2-core machine. */
const READY_WITHIN_MS = 600_000;

export class HostedN8n {
	readonly processes = new Map<string, N8n>();
	readonly logs = new Map<string, string>();
	private readonly streams: WriteStream[] = [];
	private services?: QueueServices;

	constructor(
		readonly line: N8nLine,
		readonly config: N8nConfig,
		private readonly folder: string,
		private readonly tarball: string,
	) {}

	/** Starts the services, then main, then the workers; each has its package installed first. */
	async start() {
		mkdirSync(this.folder, { recursive: true });
		let env: Record<string, string> = {
			...LINE_ENV[this.line],
			...(this.config === 'durable' ? DURABLE_CURSORS : {}),
		};
		if (this.config === 'queue') {
			this.services = new QueueServices();
			await this.services.start();
			env = { ...LINE_ENV[this.line], ...this.services.n8nEnv() };
		}
		const names = [
			'main',
			...(this.config === 'queue'
				? Array.from({ length: QUEUE_WORKERS }, (_, i) => `worker-${i + 1}`)
				: []),
		];
		for (const name of names) this.add(name, env);
		for (const name of names) await this.startProcess(name);
	}

	private add(name: string, env: Record<string, string>) {
		const log = join(this.folder, `${name}.log`);
		const stream = createWriteStream(log, { flags: 'a' });
		this.streams.push(stream);
		const n8n = new N8n({
			line: this.line,
			editor: servesEditor(this.line, this.config),
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
		await this.get(name).start(READY_WITHIN_MS, worker);
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
