/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The failing-poll scenario's workflows (trigger-failure.ts): one per event, each a trigger and
 * the Notify node that runs the sandbox's Slack Notifier with what fired (read back from the
 * sandbox), taken from test/e2e/workflows; and the fault that fails each one's polls, one cause
 * each: the job trigger's key refused (401), the model-version trigger's service down (500), the
 * asset trigger's service rate limiting with `Retry-After: 120` (429). Each fault echoes the
 * request's headers (the key among them) into its answer, as a careless server does.
 */
import { join } from 'node:path';

import { pollEvery, readWorkflow, setPollTimes } from '../../../e2e/workflows';
import { SEED_IDS } from '../../../sandbox/seed';
import { named } from './examples';

const WORKFLOWS = join(__dirname, '..', 'workflows');
export const REVENUE = SEED_IDS.revenueForecast;
export const MARKETING = SEED_IDS.folders.marketing;
/** Seconds between polls: a wait for the next tick is seconds (e2e/workflows.ts pollEvery). */
export const POLL_EVERY_S = 10;
const LOTS = 1_000_000; // a fault that lasts until the suite clears it

export type FailingEvent = 'job' | 'version' | 'asset';

export interface Watched {
	event: FailingEvent;
	/** What n8n should read as its cause (nodes/shared/errors/cause.ts). */
	cause: 'credential-invalid' | 'temporarily-unavailable' | 'rate-limited';
	workflow: any;
	/** The node's id: n8n's poller_state row of the trigger (poller-state.ts). */
	nodeId: string;
	/** The sandbox's fault that fails this trigger's polls. */
	fault: object;
	/** Whether a logged request of the sandbox is one of this trigger's polls. */
	asks: (request: { path: string; query: Record<string, string> }) => boolean;
}

/** One workflow: `trigger` firing the Notify node of `source`. */
function workflowOf(source: any, trigger: string, name: string, params: object = {}) {
	const node = structuredClone(named(source, trigger));
	Object.assign(node.parameters, params);
	const notify = structuredClone(named(source, 'Notify'));
	const workflow = {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [node, notify],
		connections: { [node.name]: { main: [[{ node: 'Notify', type: 'main', index: 0 }]] } },
	};
	return setPollTimes(workflow, pollEvery(POLL_EVERY_S));
}

/**
 * The three watched workflows: the job trigger watches `job` and `heartbeat` (which never
 * finishes: its requests show the trigger's polls once `job` has fired).
 */
export function failingPollWorkflows(job: string, heartbeat: string): Watched[] {
	const jobs = readWorkflow(join(WORKFLOWS, 'trigger.workflow.json'));
	const events = readWorkflow(join(WORKFLOWS, 'events.workflow.json'));
	const status = (status: number, more: object = {}) => ({
		fault: 'status',
		status,
		times: LOTS,
		echoRequest: true,
		...more,
	});
	return [
		{
			event: 'job',
			cause: 'credential-invalid',
			workflow: workflowOf(jobs, 'Job finished', 'Failing poll: key refused', {
				jobIds: `${job}, ${heartbeat}`,
			}),
			nodeId: named(jobs, 'Job finished').id,
			fault: { match: '/api/public/v1/jobs/', ...status(401) },
			asks: (r) => r.path.endsWith(`/jobs/${heartbeat}`),
		},
		{
			event: 'version',
			cause: 'temporarily-unavailable',
			workflow: workflowOf(events, 'Model versions', 'Failing poll: service down'),
			nodeId: named(events, 'Model versions').id,
			fault: { match: `/api/public/v1/assets/${REVENUE}/model/versions`, ...status(500) },
			asks: (r) => r.path.endsWith(`/${REVENUE}/model/versions`),
		},
		{
			event: 'asset',
			cause: 'rate-limited',
			workflow: workflowOf(events, 'Assets in Marketing', 'Failing poll: rate limited'),
			nodeId: named(events, 'Assets in Marketing').id,
			fault: {
				match: '/api/public/v1/assets',
				query: { folderId: MARKETING },
				...status(429, { retryAfterSeconds: 120 }),
			},
			asks: (r) => r.query.folderId === MARKETING,
		},
	];
}
