/**
 * A sandbox per suite, for tests that only talk to it: it loads no n8n module (the node's
 * fixtures, fixtures.ts, load n8n-core and n8n-workflow: about 2 s of CPU in a jest process).
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import type { TestClock } from './clock';
import type { SandboxCredentials } from './engine';
import { OWNER, call } from './http';

/** A well-formed id that no asset, version or job has. */
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * A sandbox per suite, reset before each test; on `clock` (a test clock) when given, which the
 * node then shares (nodeRunner).
 */
export function useSandbox(options: SandboxOptions & { clock?: TestClock } = {}) {
	const state = { clock: options.clock } as {
		sandbox: Sandbox;
		credentials: SandboxCredentials;
		clock?: TestClock;
	};
	beforeAll(async () => {
		state.sandbox = await startSandbox({ jobStepMs: 50, ...options });
		state.credentials = { baseUrl: state.sandbox.url, apiKey: OWNER };
	});
	afterAll(() => state.sandbox.close());
	beforeEach(() => call(state.sandbox, '/__sandbox/reset', { method: 'POST' }));
	return state;
}
