/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n in queue mode, as users scale it out: one main, workers, Redis and PostgreSQL, all local.
 * Redis and PostgreSQL run as our own processes on free ports, with their data in a temporary
 * folder (scripts/ensure-queue-services.sh installs Debian's packages when they are missing).
 * The n8n processes (e2e/n8n-hosted.ts) share the database, Redis and encryption key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { QueuePostgres } from './queue-postgres';
import { QueueRedis } from './queue-redis';

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
			// A worker that dies is noticed in seconds, not a minute: a worker's hold on its job lapses
			// 10 s after its last renewal (every 2 s), and a live worker looks for lapsed holds every
			// 3 s and fails such a job (n8n's defaults: 60 s, 10 s, 30 s).
			QUEUE_WORKER_LOCK_DURATION: '10000',
			QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
			QUEUE_WORKER_STALLED_INTERVAL: '3000',
		};
	}

	/** How many of n8n's queued jobs a worker holds now (Bull's active list). */
	async activeJobs(): Promise<number> {
		const answer = await this.redis.command('LLEN bull:jobs:active');
		if (!answer?.startsWith(':')) throw new Error(`Redis answered LLEN with ${answer}`);
		return Number(answer.slice(1));
	}

	async stop() {
		this.postgres.stop();
		this.redis.stop();
		rmSync(this.folder, { recursive: true, force: true });
	}
}
