/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What n8n recorded of the failing polls (trigger-failure.ts), read through its REST API: the
 * watched workflow's failed executions, and the runs of the Error Workflow (the example
 * examples/alert-when-the-trigger-cannot-poll.workflow.json), each with the workflow it was about,
 * the alert it composed, and the text of the whole execution as n8n keeps it (to look for the key).
 */
import type { N8nSession } from '../../../e2e/n8n-session';
import { summarizeRun, unflatten } from '../../../e2e/n8n-output';

export interface Recorded {
	id: string;
	/** The watched workflow the run is about (the Error Trigger's `workflow.id`). */
	workflowId?: string;
	/** The node's message, as the Error Trigger got it (`trigger.error.message`). */
	message?: string;
	/** The example's alert: `The trigger of "<workflow>" cannot poll: <message>`. */
	alert?: string;
	/** The execution as n8n's REST API gives it, as text. */
	text: string;
}

/** Executions are read once each (their data does not change once they have ended). */
export class Executions {
	private readonly read = new Map<string, Recorded>();

	constructor(private readonly session: N8nSession) {}

	private async one(id: string): Promise<Recorded> {
		const known = this.read.get(id);
		if (known) return known;
		const found = await this.session.rest.call('GET', `/executions/${id}`);
		const run = summarizeRun({ ...found, data: unflatten(found.data) });
		const got = run.nodes['When a watched workflow fails']?.[0]?.[0] as any;
		const composed = run.nodes['Compose the alert']?.[0]?.[0] as any;
		const recorded = {
			id,
			workflowId: got?.workflow?.id,
			message: got?.trigger?.error?.message ?? run.error?.message,
			alert: composed?.alert,
			text: JSON.stringify(found),
		};
		this.read.set(id, recorded);
		return recorded;
	}

	/** Its ended executions (a run under way is read once it has ended), oldest first. */
	async of(workflowId: string, status?: string): Promise<Recorded[]> {
		const list = (await this.session.executions(workflowId)).filter((e) =>
			status ? e.status === status : ['success', 'error', 'crashed'].includes(e.status),
		);
		const runs: Recorded[] = [];
		for (const e of list.reverse()) runs.push(await this.one(String(e.id)));
		return runs;
	}

	/** The Error Workflow's runs about each watched workflow. */
	async alerts(errorWorkflowId: string): Promise<Map<string, Recorded[]>> {
		const byWorkflow = new Map<string, Recorded[]>();
		for (const run of await this.of(errorWorkflowId, 'success'))
			byWorkflow.set(run.workflowId ?? '', [...(byWorkflow.get(run.workflowId ?? '') ?? []), run]);
		return byWorkflow;
	}
}
