/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Shared fixtures for node tests: a sandbox per suite (sandbox-fixture.ts), parameter builders,
 * the node's runner.
 */
import { WAIT_POLICY } from '../../nodes/AssetWorkspace/helpers/waitForJob';
import { SEED_IDS } from '../../sandbox/seed';
import type { Sandbox } from '../../sandbox/server';
import type { TestClock } from './clock';
import { call } from './http';
import {
	runNode,
	testTransport,
	type NodeRunOptions,
	type NodeRunResult,
	type SandboxCredentials,
} from './engine';

export { UNKNOWN, useSandbox } from './sandbox-fixture';

/** Ids that are no UUID, as an expression may hand them over: each must be refused before sending. */
export const MALFORMED_IDS = [
	'',
	'abc',
	'../assets',
	'../../jobs/x',
	`${SEED_IDS.revenueForecast}/execute`,
	`${SEED_IDS.revenueForecast}?x=1`,
	'%2e%2e%2f',
	' '.repeat(3),
];

export const rl = (value: string, mode: 'id' | 'list' = 'id') => ({ __rl: true, mode, value });

/**
 * Runs the node against `env`'s sandbox, unless the options name other credentials; with
 * `settings` unless the options name others; by default on the sandbox's test clock, if it has one.
 */
export const nodeRunner =
	(
		env: { credentials: SandboxCredentials; clock?: TestClock },
		settings = env.clock && testTransport({}, env.clock),
	) =>
	(
		options: Omit<NodeRunOptions, 'credentials'> & { credentials?: NodeRunOptions['credentials'] },
	) =>
		runNode({ credentials: env.credentials, settings, ...options });

/** Asset > Get of one asset, by id. */
export const getAsset = (assetId: string = SEED_IDS.revenueForecast) => ({
	resource: 'asset',
	operation: 'get',
	assetId: rl(assetId),
});

/** Asset > Execute of each item's `id`, without waiting, with `extra` parameters. */
export const executeAsset = (extra: object = {}) => ({
	resource: 'asset',
	operation: 'execute',
	assetId: rl('={{ $json.id }}'),
	waitForCompletion: false,
	...extra,
});

/** Everything a run shows a user: its output items, and its error's message and description. */
export const allText = (result: NodeRunResult) =>
	JSON.stringify(result.outputs) +
	String(result.error?.message) +
	String(result.error?.description) +
	JSON.stringify(result.error ?? null);

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

/** The status requests the sandbox saw for one job. */
export const statusRequestsOf = (sandbox: Sandbox, jobId: string) =>
	sandbox.requests.filter((r) => r.path === `/api/public/v1/jobs/${jobId}`);

/** Most status requests a wait of `seconds` can make: the adaptive intervals that fit, plus the first answer. */
export function pollBound(seconds: number) {
	let elapsed = 0;
	let interval = WAIT_POLICY.firstIntervalMs;
	let polls = 0;
	while (elapsed < seconds * 1000) {
		elapsed += interval;
		interval = Math.min(interval * WAIT_POLICY.growth, WAIT_POLICY.maxIntervalMs);
		polls++;
	}
	return polls + 1;
}
