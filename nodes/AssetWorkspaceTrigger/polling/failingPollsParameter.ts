import type { INodeProperties } from 'n8n-workflow';

/** The option of every event that thins out failing polls (processMemory.ts). */
export const reportEveryNthFailure: INodeProperties = {
	displayName: 'Report Every Nth Failing Poll',
	name: 'reportEveryNthFailure',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 1,
	description:
		"While polls keep failing (a revoked key, the service down), fail only the first poll and every Nth after it, so that the workflow's Error Workflow hears once, then every Nth poll; the polls between return nothing. 1: every failing poll fails. With n8n's durable poll scheduler, which backs a failing trigger off itself, every failing poll fails.",
};
