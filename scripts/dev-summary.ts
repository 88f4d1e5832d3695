/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * npm run dev once n8n runs: the owner account (set up on the first run, signed in with later),
 * the examples created (scripts/dev-imports.ts), the credential's test as the editor runs it (all
 * through n8n's REST API, e2e/rest.ts), and the summary a person reads: where the editor is, how
 * to sign in, the sandbox, what was imported, how to stop.
 */
import { CREDENTIAL } from '../e2e/n8n';
import { N8nRest } from '../e2e/rest';
import { OWNER } from '../test/harness/http';
import { importExamples, type ExamplesReport } from './dev-imports';

export const DEV_ACCOUNT = {
	email: 'dev@example.com',
	firstName: 'Dev',
	lastName: 'Owner',
	password: 'Asset-Workspace-1',
};

export interface Ready {
	port: number;
	label: string;
	sandboxUrl: string;
	churnSeconds: number;
	/** The credential was imported now (rather than kept from an earlier run). */
	credentialImported: boolean;
	userFolder: string;
	started: number;
}

/** Signs in (setting the owner up on a fresh n8n), creates the missing examples, tests the credential. */
async function setUp(port: number) {
	const rest = new N8nRest(`http://127.0.0.1:${port}`);
	try {
		await rest.signIn(DEV_ACCOUNT);
	} catch {
		return {
			account: `${DEV_ACCOUNT.email} with the password you gave it (${DEV_ACCOUNT.password} was refused)`,
		};
	}
	const examples = await importExamples(rest);
	// As the editor tests a saved credential: with its data as n8n shows it (the key redacted).
	const { data } = await rest.call('GET', `/credentials/${CREDENTIAL.id}?includeData=true`);
	const test = await rest.call('POST', '/credentials/test', {
		credentials: { ...CREDENTIAL, data },
	});
	return {
		account: `${DEV_ACCOUNT.email} / ${DEV_ACCOUNT.password}`,
		examples,
		credentialTest: test.status === 'OK' ? 'its test passes' : `its test FAILS: ${test.message}`,
	};
}

function describeExamples(examples?: ExamplesReport) {
	if (!examples) return 'not checked (could not sign in)';
	const parts = [
		examples.created.length ? `${examples.created.length} imported from examples/` : '',
		examples.kept.length ? `${examples.kept.length} already there, kept as they are` : '',
	].filter(Boolean);
	return `the ${examples.created.length + examples.kept.length} examples: ${parts.join(', ')} (Overview in the editor)`;
}

/** Sets up what needs n8n running, then says what is ready. */
export async function readySummary(ready: Ready): Promise<string> {
	const { account, examples, credentialTest } = await setUp(ready.port);
	const credential = `${ready.credentialImported ? 'imported' : 'kept'}; ${credentialTest ?? 'not tested (could not sign in)'}`;
	const seconds = Math.round((Date.now() - ready.started) / 1000);
	return [
		'',
		`n8n is ready: http://localhost:${ready.port}  (${ready.label}; ready in ${seconds} s)`,
		'',
		`  Sign in      ${account}`,
		'  Nodes        Asset Workspace and Asset Workspace Trigger, built from nodes/ and credentials/;',
		'               a change there is rebuilt and reloaded by n8n (no restart)',
		`  Sandbox      ${ready.sandboxUrl}  key ${OWNER}  (every ${ready.churnSeconds} s a new model version and a changed asset)`,
		`  Credential   "${CREDENTIAL.name}" (${credential})`,
		`  Workflows    ${describeExamples(examples)}`,
		`  User folder  ${ready.userFolder}, kept between runs (delete it to start afresh); n8n's log: ${ready.userFolder}/n8n.log`,
		'',
		'Press Ctrl-C to stop n8n, the sandbox and the watcher.',
		'',
	].join('\n');
}
