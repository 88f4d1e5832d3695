/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run dev: the n8n editor with this working tree's nodes, ready to click through.
 *
 *   npm run dev [-- --port 5678] [--sandbox-port 8787] [--user-folder tmp/dev]
 *
 * Starts the pinned n8n 2.41.1 (installed on first use) at http://localhost:5678 (or --port, or
 * N8N_PORT) with N8N_DEV_RELOAD=true, the package built from nodes/ and credentials/ and rebuilt on
 * every change (scripts/dev-package.ts), a sandbox with churn on, the owner account, the
 * credential "Asset Workspace Sandbox" and the example workflows (scripts/dev-imports.ts), then
 * prints what to open and how to sign in (scripts/dev-summary.ts). The user folder (tmp/dev) is
 * kept between runs.
 * Ctrl-C stops n8n (and its task runner), the sandbox and the watcher.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { N8n } from '../e2e/n8n';
import { portTaken } from '../e2e/ports';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { importCredential } from './dev-imports';
import { buildAndWatch } from './dev-package';
import { readySummary } from './dev-summary';

const ROOT = join(__dirname, '..');
const CHURN_MS = 30_000;
const log = (line: string) => process.stderr.write(`${line}\n`);
class UsageError extends Error {}

const USAGE = 'Usage: npm run dev [-- --port 5678] [--sandbox-port 8787] [--user-folder tmp/dev]';

function options() {
	let values;
	try {
		({ values } = parseArgs({
			options: {
				port: { type: 'string', default: process.env.N8N_PORT || '5678' },
				'sandbox-port': { type: 'string', default: '8787' },
				'user-folder': { type: 'string', default: join(ROOT, 'tmp', 'dev') },
			},
		}));
	} catch (error) {
		throw new UsageError(`${(error as Error).message}\n${USAGE}`);
	}
	const port = (name: string, value: string) => {
		if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535)
			throw new UsageError(`--${name} must be a port number (1-65535), got '${value}'`);
		return Number(value);
	};
	return {
		port: port('port', values.port),
		sandboxPort: port('sandbox-port', values['sandbox-port']),
		userFolder: resolve(values['user-folder']),
	};
}

/** Refuses a port another program listens on, with what to do instead. */
async function checkFree(port: number, what: string, flag: string, variable?: string) {
	if (!(await portTaken(port))) return;
	const other = port + 2;
	throw new UsageError(
		`Port ${port} (for ${what}) is taken: another n8n, or npm run dev already running? Pick another one: npm run dev -- ${flag} ${other}${variable ? ` (or ${variable}=${other} npm run dev)` : ''}`,
	);
}

let n8n: N8n | undefined;
let sandbox: Sandbox | undefined;
let stopping: Promise<never> | undefined;

const groupAlive = (group: number) => {
	try {
		process.kill(-group, 0);
		return true;
	} catch {
		return false;
	}
};

/** Stops what this run started (n8n and its task runner's process group, the sandbox), then exits. */
const stop = (code: number) =>
	(stopping ??= (async () => {
		const started = n8n !== undefined;
		if (started) log('Stopping n8n, the sandbox and the watcher...');
		const group = n8n?.pid;
		await n8n?.stop();
		// n8n has exited; its task runner gets 5 s more to follow it.
		for (let waited = 0; group && groupAlive(group) && waited < 5000; waited += 100)
			await new Promise((done) => setTimeout(done, 100));
		if (group && groupAlive(group)) process.kill(-group, 'SIGKILL');
		await sandbox?.close();
		if (started) log('Stopped.');
		process.exit(code); // ends the file watcher, which runs in this process
	})());

async function main() {
	const started = Date.now();
	const { port, sandboxPort, userFolder } = options();
	process.chdir(ROOT);
	await checkFree(port, 'n8n', '--port', 'N8N_PORT');
	await checkFree(sandboxPort, 'the sandbox', '--sandbox-port');
	mkdirSync(userFolder, { recursive: true });
	const n8nLog = createWriteStream(join(userFolder, 'n8n.log'), { flags: 'a' });
	n8n = new N8n({
		line: 'n8n-2',
		userFolder,
		log,
		editor: true,
		env: { N8N_DEV_RELOAD: 'true' },
		onOutput: (text) => {
			n8nLog.write(text);
			for (const line of text.split('\n'))
				if (/Hot reload (triggered|failed)/.test(line)) log(`n8n: ${line.trim()}`);
		},
	});
	n8n.port = port;
	log(`Building the package from ${ROOT} (and watching nodes/ and credentials/)...`);
	await buildAndWatch(userFolder, log);
	sandbox = await startSandbox({ port: sandboxPort, churnMs: CHURN_MS });
	const credentialImported = await importCredential(n8n, sandbox.url, log);
	log(`Starting ${n8n.runtime.label}...`);
	await n8n.start(600_000); // about 10 to 60 s, more on a busy machine
	log('Setting up the owner account and the example workflows...');
	const inTree = !relative(ROOT, userFolder).startsWith('..');
	process.stdout.write(
		await readySummary({
			port,
			label: n8n.runtime.label,
			sandboxUrl: sandbox.url,
			churnSeconds: CHURN_MS / 1000,
			credentialImported,
			userFolder: inTree ? relative(ROOT, userFolder) : userFolder,
			started,
		}),
	);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));
// If this process ends any other way, n8n (in its own process group) must not outlive it.
process.on('exit', () => {
	const group = n8n?.pid;
	if (group && groupAlive(group)) process.kill(-group, 'SIGKILL');
});
main().catch((error: unknown) => {
	if (stopping) return;
	log(
		error instanceof UsageError
			? error.message
			: `npm run dev failed: ${error instanceof Error ? error.message : String(error)}`,
	);
	void stop(error instanceof UsageError ? 2 : 1);
});
