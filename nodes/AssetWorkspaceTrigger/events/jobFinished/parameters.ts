import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';

export const jobParameters: INodeProperties[] = [
	{
		displayName: 'Job IDs',
		name: 'jobIds',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. 3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4a3b21, 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
		builderHint: { propertyHint: 'Job UUIDs: the jobId that Asset > Execute outputs.' },
		description:
			"The jobs to watch: paste their IDs (a run started in the app shows its job ID), separated by commas, spaces or new lines, or map them with an expression. On n8n plans with Variables, {{ $vars.aw_watch_jobs }} lets another workflow add IDs. The API cannot list an asset's jobs: to act on every run, start the runs from n8n (Execute).",
	},
	{
		displayName: 'Fire On',
		name: 'statuses',
		type: 'multiOptions',
		// At least one: with none it would fire nothing.
		required: true,
		default: ['success', 'warning', 'failed'],
		description:
			'Which final states start the workflow. Jobs that end otherwise are recorded and never fire.',
		options: [
			{ name: 'Failed', value: 'failed' },
			{ name: 'Success', value: 'success' },
			{ name: 'Warning', value: 'warning' },
		],
	},
	optionsCollection([
		{
			displayName: 'Fire for Jobs Already Finished',
			name: 'emitAlreadyFinished',
			type: 'boolean',
			default: true,
			description:
				'Whether a job that has already finished the first time it is seen fires once. When off, such jobs are recorded silently.',
		},
	]),
];
