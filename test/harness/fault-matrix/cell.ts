/**
 * A fault-matrix cell's environment (its operation's sandbox and settings, on a test clock of its
 * own) and what a run of it gives back.
 */
import type { TransportSettings } from '../../../nodes/shared/transport';
import { KEYS, SEED_IDS } from '../../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../../sandbox/server';
import { OWNER } from '../http';
import { TestClock } from '../clock';
import { testTransport, type SandboxCredentials } from '../engine';

/**
 * What a cell runs against: the sandbox of its operation, and the transport settings its node
 * and trigger run with, both on the operation's test clock (harness/clock.ts).
 */
export interface Env {
	sandbox: Sandbox;
	credentials: SandboxCredentials;
	settings: TransportSettings;
}

/**
 * The retry policy of the matrix: each attempt is cut off after 2 s, on the test clock (a hang
 * costs no real time; a request on its way to the sandbox stops that clock, so a busy machine
 * cannot cut it off).
 */
export const RETRY = testTransport({ attemptTimeoutMs: 2000 }).retry;

/** The sandbox of an operation and the settings its runs use, on a test clock of its own. */
export async function startEnv(): Promise<Env> {
	const clock = new TestClock();
	const sandbox = await startSandbox({ jobStepMs: 1_000_000_000, clock });
	const credentials = { baseUrl: sandbox.url, apiKey: OWNER };
	return { sandbox, credentials, settings: testTransport(RETRY, clock) };
}

export interface Outcome {
	ok: boolean;
	message?: string;
	/** The error of a second input item that the fault does not touch (none expected). */
	secondItemError?: string;
	everything: string;
}

export const jobs = (env: Env) => env.sandbox.workspace['jobs'] as Map<string, unknown>;
/** A job in the cell's sandbox, finished with success. */
export function finishedJob(env: Env): string {
	const { jobId } = env.sandbox.workspace.execute(
		KEYS[0],
		SEED_IDS.salesforceOpportunities,
		'API',
		{},
	);
	env.sandbox.workspace.controlJob(KEYS[0], jobId, { status: 'success' });
	return jobId;
}
