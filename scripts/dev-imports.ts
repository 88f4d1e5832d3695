/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run dev's credential and example workflows, each put into its n8n once, so that a restart
 * duplicates nothing and keeps what a user changed in the editor.
 *
 * The credential "Asset Workspace Sandbox" keeps the id the examples name (awSandboxCred01), which
 * only n8n's CLI can give it: it is imported while n8n is stopped, on the first run and again when
 * the sandbox's address changes (n8n's import replaces the credential with that id). The address
 * it was given is kept in <user folder>/asset-workspace-dev.json.
 *
 * The examples are created through n8n's REST API once n8n runs (no second start of n8n's CLI):
 * each with its own id, and left alone when a workflow with that id is there already.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { N8n } from '../e2e/n8n';
import type { N8nRest } from '../e2e/rest';
import { OWNER } from '../test/harness/http';

const EXAMPLES = join(__dirname, '..', 'examples');

/** Imports the credential unless this user folder's n8n already has it with this address. */
export async function importCredential(
	n8n: N8n,
	baseUrl: string,
	log: (line: string) => void,
): Promise<boolean> {
	const file = join(n8n.userFolder, 'asset-workspace-dev.json');
	// No database (a new user folder, or one emptied by hand): nothing is imported yet.
	const imported =
		existsSync(join(n8n.userFolder, '.n8n', 'database.sqlite')) && existsSync(file)
			? JSON.parse(readFileSync(file, 'utf8')).baseUrl
			: undefined;
	if (imported === baseUrl) return false;
	log(`Importing the credential (its base URL: ${baseUrl})...`);
	await n8n.importCredential({ baseUrl, apiKey: OWNER });
	writeFileSync(file, `${JSON.stringify({ baseUrl }, null, '\t')}\n`);
	return true;
}

export interface ExamplesReport {
	/** Example files created in n8n now, and those whose workflow was there already. */
	created: string[];
	kept: string[];
}

/** Creates each example of examples/ that n8n does not have yet (signed in as the owner). */
export async function importExamples(rest: N8nRest): Promise<ExamplesReport> {
	const report: ExamplesReport = { created: [], kept: [] };
	const files = readdirSync(EXAMPLES).filter((name) => name.endsWith('.workflow.json'));
	for (const name of files.sort()) {
		const workflow = JSON.parse(readFileSync(join(EXAMPLES, name), 'utf8'));
		// An example without an id still gets the same one every time.
		workflow.id ??= `awExample${createHash('sha256').update(name).digest('hex').slice(0, 7)}`;
		try {
			await rest.call('POST', '/workflows', workflow);
			report.created.push(name);
		} catch (error) {
			if (!/exists already/.test((error as Error).message)) throw error;
			report.kept.push(name);
		}
	}
	return report;
}
