/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run workflow -- <workflow.json>... [--sandbox "<sandbox args>"] [--base-url URL --api-key-file FILE] [--keep] [--n8n FILE]
 *
 * Builds and packs the package, installs it into a fresh real n8n, starts a sandbox (or uses a
 * real workspace), imports the credential `awSandboxCred01` and each workflow, executes them,
 * and prints each run's result as JSON on stdout. Exit status 1 when a run failed. With
 * `--n8n FILE`, in the running n8n a descriptor names (e2e/shared-n8n.ts; the
 * end-to-end suite's), through its REST API, with a credential and workflows of its own.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { parseSandboxArgs } from '../sandbox/cli';
import { N8nSession } from '../e2e/n8n-session';
import { SharedN8n } from '../e2e/shared-n8n';
import { failed, openSession, runWorkflowFiles, type Session } from '../e2e/workflows';

const USAGE =
	'Usage: npm run workflow -- <workflow.json>... [--sandbox "<sandbox args>"] [--base-url URL --api-key-file FILE] [--keep] [--n8n FILE]';

let session: Session | N8nSession | undefined;
let closing = false;
/** Stops everything this run started (n8n, the sandbox, the temporary user folder), also on Ctrl-C. */
async function shutdown(code: number) {
	if (closing) return;
	closing = true;
	await session?.close();
	process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

async function main() {
	const { values, positionals } = parseArgs({
		options: {
			sandbox: { type: 'string', default: '' },
			'base-url': { type: 'string' },
			'api-key-file': { type: 'string' },
			keep: { type: 'boolean', default: false },
			n8n: { type: 'string' },
			help: { type: 'boolean', short: 'h' },
		},
		allowPositionals: true,
	});
	if (values.help || positionals.length === 0) {
		console.error(USAGE);
		process.exit(values.help ? 0 : 2);
	}
	if (Boolean(values['base-url']) !== Boolean(values['api-key-file']))
		throw new Error('--base-url and --api-key-file go together');
	const log = (line: string) => process.stderr.write(`${line}\n`);
	const sandbox = parseSandboxArgs(values.sandbox.split(/\s+/).filter(Boolean));
	const options = {
		sandbox: { ...sandbox, port: values.sandbox.includes('--port') ? sandbox.port : 0 },
		baseUrl: values['base-url'],
		apiKey: values['api-key-file']
			? readFileSync(values['api-key-file'], 'utf8').trim()
			: undefined,
	};
	session = values.n8n
		? await N8nSession.open(new SharedN8n(values.n8n), options)
		: await openSession({ ...options, keep: values.keep, log });
	const runs = await runWorkflowFiles(session, positionals, log);
	// The full raw execution stays out of the printout: node outputs and errors are what a reader needs.
	// Wait until the result is handed to the OS: through a pipe Node.js writes asynchronously, and
	// process.exit() would cut a large result short.
	const result = `${JSON.stringify(
		runs.map((run) => ({ ...run, raw: undefined })),
		null,
		2,
	)}\n`;
	await new Promise<void>((resolve, reject) =>
		process.stdout.write(result, (error) => (error ? reject(error) : resolve())),
	);
	await shutdown(runs.some(failed) ? 1 : 0);
}

main().catch((error: unknown) => {
	process.stderr.write(`workflow: ${error instanceof Error ? error.message : String(error)}\n`);
	void shutdown(1);
});
