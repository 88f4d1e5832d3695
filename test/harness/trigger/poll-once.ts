/** One poll of the trigger through n8n-core's PollContext, timed on the trigger's clock. */
import { PollContext } from 'n8n-core';
import type { IDataObject, INode, Workflow, WorkflowExecuteMode } from 'n8n-workflow';

import type { AssetWorkspaceTrigger } from '../../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts';
import { additionalDataFor, type SandboxCredentials } from '../engine/additional-data';

export interface PollResult {
	items: IDataObject[] | null;
	error?: Error & { httpCode?: string | null };
	/** How long the poll took, on the trigger's clock. */
	durationMs: number;
}

interface PollCall {
	trigger: AssetWorkspaceTrigger;
	workflow: Workflow;
	node: INode;
	credentials: SandboxCredentials;
	mode: WorkflowExecuteMode;
	activation: boolean;
	/** Durable poll cursors: the poll's copy of the state, and its budget. */
	snapshot?: () => IDataObject;
	budgetMs?: () => number;
	/** n8n 1.123's PollContext, which has no getPollBudgetMs. */
	n8n1: boolean;
	now: () => number;
}

export async function pollOnce(call: PollCall): Promise<PollResult> {
	const context = new PollContext(
		call.workflow,
		call.node,
		additionalDataFor(call.credentials),
		call.mode,
		call.activation ? 'activate' : 'init',
		undefined,
		undefined,
		undefined,
		undefined,
		call.snapshot,
		call.budgetMs,
	);
	if (call.n8n1) Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
	const { now } = call;
	const started = now();
	let items: IDataObject[] | null = null;
	let error: PollResult['error'];
	try {
		const result = await call.trigger.poll.call(context);
		items = result ? result[0].map((item) => item.json) : null;
	} catch (caught) {
		error = caught as PollResult['error'];
	}
	const durationMs = now() - started;
	return { items, error, durationMs };
}
