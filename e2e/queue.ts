/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n in queue mode, as users scale it out: one main, workers, Redis and PostgreSQL, all local.
 * Redis and PostgreSQL run as our own processes on free ports, with their data in a temporary
 * folder (scripts/ensure-queue-services.sh installs Debian's packages when they are missing).
 * Every n8n process gets its own user folder with the packed package installed, as each
 * machine of a real deployment needs it; they share the database, Redis and encryption key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8n } from './n8n';
import { QueuePostgres } from './queue-postgres';
import { QueueRedis } from './queue-redis';
import type { N8nLine } from './runtime-lines';

/** Redis and PostgreSQL (queue-redis.ts, queue-postgres.ts), with their data in one temporary folder. */
export class QueueServices {
	readonly folder = mkdtempSync(join(tmpdir(), 'aw-queue-'));
	private readonly redis = new QueueRedis();
	private readonly postgres = new QueuePostgres(this.folder);

	async start() {
		await this.redis.start();
		await this.postgres.start();
		await this.redis.ready();
	}

	/** Runs SQL in the n8n database (or, before it exists, in `postgres`); returns the rows as text. */
	sql(query: string): string {
		return this.postgres.sql(query);
	}

	/** The n8n environment of every process of the cluster. */
	n8nEnv(): Record<string, string> {
		return {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(this.redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(this.postgres.port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: '',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			N8N_LOG_LEVEL: 'info',
		};
	}

	async stop() {
		this.postgres.stop();
		this.redis.stop();
		rmSync(this.folder, { recursive: true, force: true });
	}
}

/** A main and `workers` workers, each with the package installed, sharing one database and Redis. */
export class QueueCluster {
	readonly services = new QueueServices();
	main!: N8n;
	workers: N8n[] = [];

	constructor(
		private readonly options: {
			tarball: string;
			workers: number;
			line?: N8nLine;
			log?: (line: string) => void;
		},
	) {}

	private instance(): N8n {
		const n8n = new N8n({
			line: this.options.line,
			log: this.options.log,
			env: this.services.n8nEnv(),
		});
		n8n.installPackage(this.options.tarball);
		return n8n;
	}

	/** Starts the services and creates every process's user folder (n8n itself is started by `start`). */
	async prepare(credential: { baseUrl: string; apiKey: string }) {
		await this.services.start();
		this.main = this.instance();
		this.workers = Array.from({ length: this.options.workers }, () => this.instance());
		await this.main.importCredential(credential);
	}

	async start() {
		await this.main.start(180_000);
		await Promise.all(this.workers.map((worker) => worker.start(180_000, { concurrency: 5 })));
	}

	async close() {
		await Promise.all([this.main, ...this.workers].filter(Boolean).map((n8n) => n8n.dispose()));
		await this.services.stop();
	}
}
