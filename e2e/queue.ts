/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n in queue mode, as users scale it out: Redis and PostgreSQL as our own processes on free
 * ports, their data in a temporary folder, stopped with the test's process however that ends
 * (scripts/ensure-queue-services.sh installs Debian's packages when they are missing). Every n8n
 * process of the cluster (e2e/n8n-hosted.ts) shares the database, Redis and encryption key.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './ports';
import { dieWithThisProcess, type Guard } from './processes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL's server binaries: on PATH, else Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBin(name: string): string {
	const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
	const found = versions
		.sort((a, b) => Number(b) - Number(a))
		.map((version) => `/usr/lib/postgresql/${version}/bin/${name}`)
		.find((path) => existsSync(path));
	return found ?? name;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asDatabaseUser(command: string, args: string[]) {
	const [file, rest] =
		process.getuid?.() === 0
			? ['runuser', ['-u', 'postgres', '--', command, ...args]]
			: [command, args];
	execFileSync(file, rest, { stdio: 'ignore' });
}

export class QueueServices {
	private readonly folder = mkdtempSync(join(tmpdir(), 'aw-queue-'));
	private readonly pgData = join(this.folder, 'pg');
	private redisPort = 0;
	private postgresPort = 0;
	private readonly guards: Guard[] = [];
	private redis?: ReturnType<typeof spawn>;

	async start() {
		this.redisPort = await freePort();
		this.redis = spawn(
			'redis-server',
			['--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
			{ stdio: 'ignore' },
		);
		this.guards.push(dieWithThisProcess(this.redis.pid!));
		this.postgresPort = await freePort();
		if (process.getuid?.() === 0) execFileSync('chown', ['postgres', this.folder]);
		asDatabaseUser(postgresBin('initdb'), [
			'-D',
			this.pgData,
			'-A',
			'trust',
			'-U',
			'postgres',
			'--no-sync',
		]);
		const options = `-p ${this.postgresPort} -k ${this.folder} -h 127.0.0.1 -c fsync=off -c max_connections=200`;
		const log = join(this.folder, 'pg.log');
		asDatabaseUser(postgresBin('pg_ctl'), [
			'-D',
			this.pgData,
			'-l',
			log,
			'-o',
			options,
			'-w',
			'start',
		]);
		const postmaster = Number(
			readFileSync(join(this.pgData, 'postmaster.pid'), 'utf8').split('\n')[0],
		);
		this.guards.push(dieWithThisProcess(postmaster, { signal: 'QUIT' }));
		const psql = ['-h', '127.0.0.1', '-p', String(this.postgresPort), '-U', 'postgres'];
		execFileSync('psql', [...psql, '-d', 'postgres', '-c', 'CREATE DATABASE n8n'], {
			stdio: 'ignore',
		});
		for (let tries = 0; (await this.redisCommand('PING')) !== '+PONG'; tries++) {
			if (tries === 100) throw new Error('redis-server did not answer PING');
			await sleep(100);
		}
	}

	/** The n8n environment of every process of the cluster. */
	n8nEnv(): Record<string, string> {
		return {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(this.redisPort),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(this.postgresPort),
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

	/** Sends Redis one command (inline, as redis-cli would) and gives the first line of the answer. */
	private redisCommand(text: string): Promise<string | undefined> {
		return new Promise((resolve) => {
			const socket = connect(this.redisPort, '127.0.0.1', () => socket.write(`${text}\r\n`));
			socket.on('data', (data) => {
				socket.destroy();
				resolve(data.toString().split('\r\n')[0]);
			});
			socket.on('error', () => resolve(undefined));
		});
	}

	/** How many of n8n's queued jobs a worker holds now (Bull's active list). */
	async activeJobs(): Promise<number> {
		const answer = await this.redisCommand('LLEN bull:jobs:active');
		if (!answer?.startsWith(':')) throw new Error(`Redis answered LLEN with ${answer}`);
		return Number(answer.slice(1));
	}

	async stop() {
		this.redis?.kill('SIGKILL');
		try {
			asDatabaseUser(postgresBin('pg_ctl'), ['-D', this.pgData, '-m', 'immediate', 'stop']);
		} catch {
			// not running
		}
		for (const guard of this.guards) guard.release();
		rmSync(this.folder, { recursive: true, force: true });
	}
}
