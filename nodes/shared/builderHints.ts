// What n8n's AI Workflow Builder is told about the two nodes: how they wire together, where ids
// come from. Short: it is text in the published JavaScript, whose size the package checks bound.
import type { IBuilderHint } from 'n8n-workflow';

export const NODE_TYPE = 'n8n-nodes-asset-workspace.assetWorkspace';
export const TRIGGER_TYPE = 'n8n-nodes-asset-workspace.assetWorkspaceTrigger';

export const nodeHint: IBuilderHint = {
	searchHint:
		'Reads Asset Workspace assets and model versions, and runs assets as jobs. Asset > Execute waits for the run to end (Wait for Completion); for a long run, Execute with it off, then a Wait node, then Job > Wait for Completion with {{ $json.jobId }}. Ids are UUIDs, never names: from Asset > Get Many, Model Version > Get Many or the From List pickers.',
	relatedNodes: [
		{
			nodeType: TRIGGER_TYPE,
			relationHint:
				'Fires when a job Execute started (its jobId) finishes, or a model version or asset changes',
		},
		{
			nodeType: 'n8n-nodes-base.wait',
			relationHint:
				'A long run: Execute (Wait for Completion off), Wait, then Job > Wait for Completion',
		},
	],
};

export const triggerHint: IBuilderHint = {
	searchHint:
		"Fires once when a watched job finishes, a model version is created or published, or an asset changes. Job IDs are the jobId that Asset > Execute outputs (the API cannot list an asset's jobs). To be alerted when polling itself fails, give the workflow an Error Workflow that starts with an Error Trigger.",
	relatedNodes: [
		{
			nodeType: NODE_TYPE,
			relationHint: 'Execute starts the runs whose jobId this trigger watches',
		},
		{
			nodeType: 'n8n-nodes-base.errorTrigger',
			relationHint: 'In the Error Workflow: alerts when a poll fails (key revoked, service down)',
		},
	],
};
