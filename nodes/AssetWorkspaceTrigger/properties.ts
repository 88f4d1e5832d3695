/** The trigger's parameters: the Event, and what each event watches. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions';
import { assetLocator, folderLocator } from '../shared/locators';

const when = (event: string) => ({ show: { event: [event] } });

/** The option to fire for what exists at the first poll, instead of learning it. */
const fireForWhatExists = (what: string): INodeProperties => ({
	displayName: 'Fire for What Exists',
	name: 'emitExisting',
	type: 'boolean',
	default: false,
	description: `Whether the first poll fires ${what}. Off: it learns what exists and fires only for what comes after.`,
});

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'jobFinished',
		options: [
			{
				name: 'Asset Created or Updated',
				value: 'asset',
				description: 'An asset (in a folder, or anywhere) is new or changed',
			},
			{
				name: 'Job Finished',
				value: 'jobFinished',
				description: 'A watched job reached a final state',
			},
			{
				name: 'Model Version Created or Published',
				value: 'modelVersion',
				description: 'A watched model has a new version, or a version was published',
			},
		],
	},
	{
		displayName: 'Job IDs',
		name: 'jobIds',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		displayOptions: when('jobFinished'),
		placeholder: 'e.g. 3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4a3b21, 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
		builderHint: { propertyHint: 'Job UUIDs: the jobId that Asset > Execute outputs.' },
		description:
			"The jobs to watch: paste their IDs (a run started in the app shows its job ID), separated by commas, spaces or new lines, or map them with an expression. On n8n plans with Variables, {{ $vars.aw_watch_jobs }} lets another workflow add IDs. The API cannot list an asset's jobs: to act on every run, start the runs from n8n (Execute).",
	},
	{
		displayName: 'Fire On',
		name: 'statuses',
		type: 'multiOptions',
		default: ['success', 'warning', 'failed'],
		displayOptions: when('jobFinished'),
		description:
			'Which final states start the workflow. Jobs that end otherwise are recorded and never fire.',
		options: [
			{ name: 'Failed', value: 'failed' },
			{ name: 'Success', value: 'success' },
			{ name: 'Warning', value: 'warning' },
		],
	},
	{
		displayName: 'Models',
		name: 'models',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Model',
		default: { model: [] },
		displayOptions: when('modelVersion'),
		description: 'The models to watch (one request per model and poll)',
		options: [
			{ name: 'model', displayName: 'Model', values: [assetLocator('searchModels', 'model')] },
		],
	},
	{
		displayName: 'Fire On',
		name: 'versionEvents',
		type: 'multiOptions',
		default: ['created', 'published'],
		displayOptions: when('modelVersion'),
		description: 'Which changes start the workflow',
		options: [
			{ name: 'Version Created', value: 'created' },
			{ name: 'Version Published', value: 'published' },
		],
	},
	{
		...folderLocator,
		displayOptions: when('asset'),
		description: 'Only assets directly in this folder; leave empty to watch the whole workspace',
	},
	{
		...optionsCollection([
			{
				displayName: 'Fire for Jobs Already Finished',
				name: 'emitAlreadyFinished',
				type: 'boolean',
				default: true,
				description:
					'Whether a job that has already finished the first time it is seen fires once. When off, such jobs are recorded silently.',
			},
		]),
		displayOptions: when('jobFinished'),
	},
	{
		...optionsCollection([fireForWhatExists('every version that exists (and the published one)')]),
		displayOptions: when('modelVersion'),
	},
	{
		...optionsCollection([
			fireForWhatExists('"created" for every asset in scope'),
			{
				displayName: 'Fire for Removed Assets',
				name: 'removed',
				type: 'boolean',
				default: false,
				description:
					'Whether an asset that disappears (deleted, moved out of the folder, or no longer readable) fires "removed". Watches at most 10,000 assets.',
			},
		]),
		displayOptions: when('asset'),
	},
];
