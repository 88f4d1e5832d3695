/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n in queue mode, as users scale it out: one main, workers, Redis and PostgreSQL, all local.
 * Redis and PostgreSQL run as our own processes on free ports, with their data in a temporary
 * folder (scripts/ensure-queue-services.sh installs Debian's packages when they are missing).
 * Every n8n process gets its own user folder with the packed package installed, as each
 * machine of a real deployment needs it; they share the database, Redis and encryption key.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { N8n } from './n8n';
import { freePort } from './ports';
import { dieWithThisProcess, type Guard } from './processes';
import type { N8nLine } from './runtime-lines';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL's server binaries: on PATH, else Debian's /usr/lib/postgresql/<version>/bin. */
function postgresBin(name: string): string {
	try {
		return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
	} catch {
		const versions = existsSync('/usr/lib/postgresql')
			? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
			: [];
		const found = versions
			.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`)
			.find((path) => existsSync(path));
		if (!found)
			throw new Error(`PostgreSQL's ${name} was not found: run scripts/ensure-queue-services.sh`);
		return found;
	}
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asDatabaseUser(command: string, args: string[]): [string, string[]] {
	return process.getuid?.() === 0
		? ['runuser', ['-u', 'postgres', '--', command, ...args]]
		: [command, args];
}

export class QueueServices {
	readonly folder = mkdtempSync(join(tmpdir(), 'aw-queue-'));
	redisPort = 0;
	postgresPort = 0;
	private redis?: ChildProcess;
	/** Redis and PostgreSQL go when the test's process goes, however it ends. */
	private guards: Guard[] = [];
	private readonly pgData = join(this.folder, 'pg');

	async start() {
		this.redisPort = await freePort();
		this.redis = spawn(
			'redis-server',
			['--port', String(this.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
			{ stdio: 'ignore' },
		);
		this.guards.push(dieWithThisProcess(this.redis.pid!));
		this.postgresPort = await freePort();
		if (process.getuid?.() === 0)
			chownSync(
				this.folder,
				Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
				0,
			);
		execFileSync(
			...asDatabaseUser(postgresBin('initdb'), [
				'-D',
				this.pgData,
				'-A',
				'trust',
				'-U',
				'postgres',
				'--no-sync',
			]),
			{ stdio: 'ignore' },
		);
		const options = `-p ${this.postgresPort} -k ${this.folder} -h 127.0.0.1 -c fsync=off -c max_connections=200`;
		execFileSync(
			...asDatabaseUser(postgresBin('pg_ctl'), [
				'-D',
				this.pgData,
				'-l',
				join(this.folder, 'pg.log'),
				'-o',
				options,
				'-w',
				'start',
			]),
			{ stdio: 'ignore' },
		);
		const postmaster = Number(
			readFileSync(join(this.pgData, 'postmaster.pid'), 'utf8').split('\n')[0],
		);
		this.guards.push(dieWithThisProcess(postmaster, { signal: 'QUIT' }));
		this.sql('CREATE DATABASE n8n');
		await this.waitForRedis();
	}

	/** Runs SQL in the n8n database (or, before it exists, in `postgres`); returns the rows as text. */
	sql(query: string): string {
		const database = query.startsWith('CREATE DATABASE') ? 'postgres' : 'n8n';
		return execFileSync(
			'psql',
			[
				'-h',
				'127.0.0.1',
				'-p',
				String(this.postgresPort),
				'-U',
				'postgres',
				'-d',
				database,
				'-tAc',
				query,
			],
			{ encoding: 'utf8' },
		).trim();
	}

	private async waitForRedis() {
		for (let tries = 0; tries < 100; tries++) {
			const pong = await new Promise<boolean>((resolve) => {
				const socket = connect(this.redisPort, '127.0.0.1', () => socket.write('PING\r\n'));
				socket.on('data', (data) => {
					socket.destroy();
					resolve(data.toString().startsWith('+PONG'));
				});
				socket.on('error', () => resolve(false));
			});
			if (pong) return;
			await sleep(100);
		}
		throw new Error('redis-server did not answer PING');
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
		};
	}

	async stop() {
		try {
			execFileSync(
				...asDatabaseUser(postgresBin('pg_ctl'), ['-D', this.pgData, '-m', 'immediate', 'stop']),
				{ stdio: 'ignore' },
			);
		} catch {
			// not running
		}
		this.redis?.kill('SIGKILL');
		for (const guard of this.guards) guard.release();
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
