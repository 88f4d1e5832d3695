/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** The trigger scenario's workflows, read from test/e2e/workflows with its jobs filled in. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { pollEvery, setPollTimes } from '../../../e2e/workflows';
import { POLL_EVERY_S } from './trigger-settings';

const WORKFLOWS = join(__dirname, '..', 'workflows');

/** The jobs the scenario's triggers watch. */
interface WatchedJobs {
	basic: string;
	heartbeat: string;
	on: string;
	onBeat: string;
	off: string;
	offBeat: string;
	slow: string[];
	late: string;
}

/**
 * Its two workflows, their triggers polling every POLL_EVERY_S.triggers seconds (the slow
 * service's every POLL_EVERY_S.slow).
 */
export function triggerWorkflows({
	basic,
	heartbeat,
	on,
	onBeat,
	off,
	offBeat,
	slow,
	late,
}: WatchedJobs) {
	// Fire for Jobs Already Finished off has a workflow of its own: n8n saves a workflow's
	// static data as a whole when any of its triggers emits, which would save it too.
	const workflows = ['trigger.workflow.json', 'trigger-off.workflow.json'].map((file) =>
		JSON.parse(
			readFileSync(join(WORKFLOWS, file), 'utf8')
				.replace('__BASIC__', `${basic}, ${heartbeat}`)
				.replace('__RESTART_ON__', `${on}, ${onBeat}`)
				.replace('__RESTART_OFF__', `${off}, ${offBeat}`)
				.replace('__SLOW__', [...slow, late].join(',')),
		),
	);
	for (const workflow of workflows) setPollTimes(workflow, pollEvery(POLL_EVERY_S.triggers));
	workflows[0].nodes.find((n: { name: string }) => n.name === 'Slow service').parameters.pollTimes =
		pollEvery(POLL_EVERY_S.slow);
	return workflows;
}
