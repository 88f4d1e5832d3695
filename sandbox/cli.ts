/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--job-step-ms 1000] [--latency-ms 0] [--assets 0] [--churn 0]
 */
import { parseArgs } from 'node:util';

import { isWildcard, reachableFrom } from './addresses';
import { ASSET_EVERY } from './churn';
import { KEYS } from './seed';
import { API_PREFIX, startSandbox, type SandboxOptions } from './server';

export class UsageError extends Error {}

function integer(name: string, value: string, min: number): number {
	if (!/^\d+$/.test(value) || Number(value) < min)
		throw new UsageError(`--${name} must be an integer >= ${min}, got '${value}'`);
	return Number(value);
}

export const USAGE =
	'Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--job-step-ms 1000] [--latency-ms 0] [--assets 0] [--churn 0]';

/** Parses the sandbox's command-line options (also used by the workflow runner's --sandbox "<args>"). */
export function parseSandboxArgs(args: string[]): SandboxOptions & { help?: boolean } {
	const { values } = parseArgs({
		args,
		options: {
			port: { type: 'string', default: '8787' },
			host: { type: 'string', default: '127.0.0.1' },
			'job-step-ms': { type: 'string', default: '1000' },
			'latency-ms': { type: 'string', default: '0' },
			assets: { type: 'string', default: '0' },
			churn: { type: 'string', default: '0' },
			help: { type: 'boolean', short: 'h' },
		},
		strict: true,
	});
	return {
		help: values.help,
		port: integer('port', values.port, 0),
		host: values.host,
		jobStepMs: integer('job-step-ms', values['job-step-ms'], 1),
		latencyMs: integer('latency-ms', values['latency-ms'], 0),
		assets: integer('assets', values.assets, 0),
		churnMs: integer('churn', values.churn, 0) || undefined,
	};
}

async function main() {
	let options: ReturnType<typeof parseSandboxArgs>;
	try {
		options = parseSandboxArgs(process.argv.slice(2));
	} catch (error) {
		console.error(`sandbox: ${(error as Error).message}\n${USAGE}`);
		process.exit(2);
	}
	if (options.help) {
		console.log(USAGE);
		return;
	}
	const sandbox = await startSandbox(options);
	// Before anything is printed: whoever reads "listening" may send Ctrl-C at once.
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		void sandbox.close().then(() => {
			console.log(`sandbox: stopped (${signal})`);
			process.exit(0);
		});
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	const every = isWildcard(sandbox.address) ? ` (every interface, ${sandbox.address.address})` : '';
	console.log(`Asset Workspace sandbox listening on ${sandbox.url}${every}`);
	const row = (label: string, text: string) => console.log(`  ${label.padEnd(31)} ${text}`);
	row('Base URL (n8n on this machine):', sandbox.url);
	row('API:', `${sandbox.url}${API_PREFIX}`);
	for (const [label, text] of reachableFrom(sandbox.address)) row(label, text);
	console.log(
		`  Keys: ${KEYS.map((k) => `${k.key} (${k.hiddenFolderIds.length ? 'viewer: part of the workspace' : 'owner: everything'})`).join(', ')}`,
	);
	console.log(`  Public assets: ${sandbox.workspace.assetCount}`);
	if (options.churnMs)
		console.log(
			`  Churn: every ${options.churnMs} ms a new version of Revenue Forecast (every other one published) and a change to Stripe Payments; every ${ASSET_EVERY}th time a new asset in Marketing and an older one removed`,
		);
	console.log(
		`  Try: curl -H 'Authorization: Bearer aw_sandbox_owner' '${sandbox.url}${API_PREFIX}/assets?limit=5'`,
	);
	console.log('Press Ctrl-C to stop.');
}

if (require.main === module) {
	main().catch((error: unknown) => {
		console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
		process.exit(1);
	});
}
