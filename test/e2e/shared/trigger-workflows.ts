/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/** The trigger scenario's workflows, read from test/e2e/workflows with its jobs filled in. */
import { join } from 'node:path';

import { pollEvery, readWorkflow, setPollTimes } from '../../../e2e/workflows';
import { named } from './examples';
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
export function triggerWorkflows(jobs: WatchedJobs) {
	const fill = {
		__BASIC__: `${jobs.basic}, ${jobs.heartbeat}`,
		__RESTART_ON__: `${jobs.on}, ${jobs.onBeat}`,
		__RESTART_OFF__: `${jobs.off}, ${jobs.offBeat}`,
		__SLOW__: [...jobs.slow, jobs.late].join(','),
	};
	// Fire for Jobs Already Finished off has a workflow of its own: n8n saves a workflow's
	// static data as a whole when any of its triggers emits, which would save it too.
	const workflows = ['trigger.workflow.json', 'trigger-off.workflow.json'].map(
		(file) => readWorkflow(join(WORKFLOWS, file), fill) as any,
	);
	for (const workflow of workflows) setPollTimes(workflow, pollEvery(POLL_EVERY_S.triggers));
	named(workflows[0], 'Slow service').parameters.pollTimes = pollEvery(POLL_EVERY_S.slow);
	return workflows;
}
