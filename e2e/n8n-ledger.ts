/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Every n8n process a run starts, noted in the file AW_N8N_LEDGER names (npm test sets it and
 * its report counts them: test-runner/report.ts): a server or worker (`n8n start`, `n8n worker`)
 * or a CLI command (`n8n execute`, `n8n import:workflow`...), each of which loads all of n8n.
 * An instance is a user folder: a second start in the same folder is a restart.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export function noteN8nProcess(command: string, userFolder: string) {
	const file = process.env.AW_N8N_LEDGER;
	if (file) appendFileSync(file, `${new Date().toISOString()}\t${command}\t${userFolder}\n`);
}

export interface N8nCount {
	/** Every n8n process started. */
	processes: number;
	/** Servers and workers (n8n start, n8n worker), restarts included. */
	servers: number;
	/** User folders a server or worker ran in. */
	instances: number;
	/** CLI commands (n8n execute, import, publish...). */
	commands: number;
}

export function countN8nProcesses(file: string): N8nCount {
	const rows = existsSync(file)
		? readFileSync(file, 'utf8')
				.split('\n')
				.filter(Boolean)
				.map((line) => line.split('\t'))
		: [];
	const servers = rows.filter(([, command]) => command === 'start' || command === 'worker');
	return {
		processes: rows.length,
		servers: servers.length,
		instances: new Set(servers.map(([, , folder]) => folder)).size,
		commands: rows.length - servers.length,
	};
}
