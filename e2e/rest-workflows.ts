/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What a suite does with credentials and workflows in a running n8n, through its REST API as the
 * editor does it, alike on n8n 2.41 and 1.123: create them, make a workflow active or not, give
 * it an Error Workflow, run it by hand (its Manual Trigger) and read the execution back. No n8n
 * CLI: each CLI command loads all of n8n (5 to 10 s of CPU).
 */
import { until } from '../test/harness/until';
import { summarizeRun, unflatten, type WorkflowRun } from './n8n-output';
import type { N8nRest } from './rest';

export interface CredentialRef {
	id: string;
	name: string;
	type: string;
}

/** A credential of `type` with `data`; n8n gives its id. */
export async function createCredential(
	rest: N8nRest,
	credential: { name: string; type: string; data: Record<string, unknown> },
): Promise<CredentialRef> {
	const { id, name, type } = await rest.call('POST', '/credentials', credential);
	return { id, name, type };
}

/**
 * Creates `workflow`, inactive (setActive makes it active); returns it as n8n saved it. n8n 2.x
 * keeps an id the workflow has, 1.x gives its own: use the one returned.
 */
export async function createWorkflow(rest: N8nRest, workflow: object) {
	const saved = await rest.call('POST', '/workflows', { ...workflow, active: false });
	return saved as { id: string; name: string; versionId: string; nodes: any[] };
}

/** Makes the workflow active (published, on n8n 2.x) or inactive; its triggers start or stop. */
export async function setActive(rest: N8nRest, workflowId: string, active: boolean) {
	if (!active) return await rest.call('POST', `/workflows/${workflowId}/deactivate`, {});
	const { versionId } = await rest.call('GET', `/workflows/${workflowId}`);
	await rest.call('POST', `/workflows/${workflowId}/activate`, { versionId });
}

/**
 * Gives the workflow an Error Workflow (its settings' `errorWorkflow`), which n8n runs when an
 * execution of it fails or its trigger does. Set it before making the workflow active.
 */
export async function setErrorWorkflow(rest: N8nRest, workflowId: string, errorWorkflowId: string) {
	const { settings, versionId } = await rest.call('GET', `/workflows/${workflowId}`);
	await rest.call('PATCH', `/workflows/${workflowId}`, {
		settings: { ...settings, errorWorkflow: errorWorkflowId },
		versionId,
	});
}

const ENDED = ['success', 'error', 'crashed', 'canceled'];

/** An execution as n8n keeps it, its data read (summarizeRun's shape). */
export async function execution(rest: N8nRest, executionId: string): Promise<WorkflowRun> {
	const found = await rest.call('GET', `/executions/${executionId}`);
	return summarizeRun({ ...found, data: unflatten(found.data) });
}

/**
 * Runs the workflow by hand from its Manual Trigger, as the editor's Execute Workflow button
 * does, and returns the execution once it has ended (a workflow that fails is a result too).
 */
export async function runByHand(rest: N8nRest, workflowId: string): Promise<WorkflowRun> {
	const workflow = await rest.call('GET', `/workflows/${workflowId}`);
	const trigger = workflow.nodes.find((n: any) => n.type === 'n8n-nodes-base.manualTrigger');
	if (!trigger) throw new Error(`workflow ${workflowId} has no Manual Trigger to run it from`);
	// n8n 1.x runs the workflow it is sent, 2.x the one it has saved.
	const { executionId } = await rest.call('POST', `/workflows/${workflowId}/run`, {
		workflowData: workflow,
		triggerToStartFrom: { name: trigger.name },
	});
	if (!executionId) throw new Error(`n8n started no execution of workflow ${workflowId}`);
	await until(
		`execution ${executionId} of workflow ${workflowId} ends`,
		// The list's summaries, not the execution itself, whose data can be megabytes.
		async () =>
			ENDED.includes(
				(await rest.executions(workflowId)).find((e) => String(e.id) === String(executionId))
					?.status,
			),
		20 * 60_000,
		{ everyMs: 250 },
	);
	return await execution(rest, executionId);
}
