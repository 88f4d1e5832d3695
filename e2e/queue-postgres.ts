/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Queue mode's PostgreSQL: our own server on a free port, its data and socket in a temporary
 * folder, an `n8n` database, stopped with the test's process however that ends
 * (scripts/ensure-queue-services.sh installs Debian's packages when they are missing).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { freePort } from './ports';
import { dieWithThisProcess, type Guard } from './processes';

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

export class QueuePostgres {
	port = 0;
	private guard?: Guard;
	private readonly pgData: string;

	/** Its data go to `folder`/pg, its socket to `folder`. */
	constructor(private readonly folder: string) {
		this.pgData = join(folder, 'pg');
	}

	async start() {
		this.port = await freePort();
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
		const options = `-p ${this.port} -k ${this.folder} -h 127.0.0.1 -c fsync=off -c max_connections=200`;
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
		this.guard = dieWithThisProcess(postmaster, { signal: 'QUIT' });
		this.sql('CREATE DATABASE n8n');
	}

	/** Runs SQL in the n8n database (or, before it exists, in `postgres`); returns the rows as text. */
	sql(query: string): string {
		const database = query.startsWith('CREATE DATABASE') ? 'postgres' : 'n8n';
		return execFileSync(
			'psql',
			['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-d', database, '-tAc', query],
			{ encoding: 'utf8' },
		).trim();
	}

	stop() {
		try {
			execFileSync(
				...asDatabaseUser(postgresBin('pg_ctl'), ['-D', this.pgData, '-m', 'immediate', 'stop']),
				{ stdio: 'ignore' },
			);
		} catch {
			// not running
		}
		this.guard?.release();
	}
}
