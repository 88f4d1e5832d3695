/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Shared fixtures for node tests: a sandbox per suite, parameter builders, request-log helpers. */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { OWNER, call } from '../helpers/http';
import type { SandboxCredentials } from './engine';

export const rl = (value: string, mode: 'id' | 'list' = 'id') => ({ __rl: true, mode, value });

export function useSandbox(options: SandboxOptions = {}) {
	const state = {} as { sandbox: Sandbox; credentials: SandboxCredentials };
	beforeAll(async () => {
		state.sandbox = await startSandbox({ jobStepMs: 50, ...options });
		state.credentials = { baseUrl: state.sandbox.url, apiKey: OWNER };
	});
	afterAll(() => state.sandbox.close());
	beforeEach(() => call(state.sandbox, '/__sandbox/reset', { method: 'POST' }));
	return state;
}

/** The public API requests the sandbox saw, as `METHOD path?query`. */
export function requestsOf(sandbox: Sandbox): string[] {
	return sandbox.requests.map((r) => {
		const query = new URLSearchParams(r.query as Record<string, string>).toString();
		return `${r.method} ${r.path.replace('/api/public/v1', '')}${query ? `?${query}` : ''}`;
	});
}

export const inject = (sandbox: Sandbox, fault: object) =>
	call(sandbox, '/__sandbox/faults', { method: 'POST', body: fault });

/** The JSON of a node run's output items (output 1 is the error output when it is on). */
export const json = (result: { outputs: Array<Array<{ json: unknown }>> }, output = 0) =>
	(result.outputs[output]?.map((i) => i.json) ?? []) as any[];
