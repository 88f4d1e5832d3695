// What an AI model is told about each operation when the node is an AI Agent's tool: the default of
// the `toolDescription` n8n sends it (without one, only "<action> in Asset Workspace").
import type { INodeProperties } from 'n8n-workflow';

const READS_ONLY = 'It only reads; it changes nothing.';
const FIND_ASSET =
	'To find an id from a name, use the tool that gets many assets, with Name Contains.';

const TEXTS: Array<{ resource: string; operation: string; wait?: boolean; text: string }> = [
	{
		resource: 'asset',
		operation: 'get',
		text: `Reads one Asset Workspace asset by its id. Needs assetId, a UUID such as 3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4a3b21 (not a name). ${FIND_ASSET} Returns the asset: id, name, description, type (Folder, Model, Source, Orchestration or Python), owner, parentFolder, schedules, createdAt, updatedAt. ${READS_ONLY}`,
	},
	{
		resource: 'asset',
		operation: 'getAll',
		text: `Lists Asset Workspace assets sorted by name; use it to find an asset's id from its name. All inputs are optional (an empty value means not set): Name Contains (part of the name, any case), Type (Folder, Model, Source, Orchestration or Python), Folder (a folder's id), Limit (at most this many, default 50). Returns one object per asset: id, name, type, parentFolder, owner, schedules. ${READS_ONLY}`,
	},
	{
		resource: 'asset',
		operation: 'execute',
		wait: true,
		text: `Starts a real run (a job) of an Asset Workspace asset: a source, model, orchestration or Python asset. Every call queues a new run on the service, so call it once per run wanted. Needs assetId, a UUID; to find it from a name, use the tool that gets many assets, with Name Contains. Waits until the run ends (up to its Timeout) and returns the finished job: jobId, status (success, warning or failed), assetId, startedAt, finishedAt, waitedSeconds. A failed run is returned as an error that names the job.`,
	},
	{
		resource: 'asset',
		operation: 'execute',
		wait: false,
		text: `Starts a real run (a job) of an Asset Workspace asset: a source, model, orchestration or Python asset. Every call queues a new run on the service, so call it once per run wanted. Needs assetId, a UUID; to find it from a name, use the tool that gets many assets, with Name Contains. Returns at once the queued job: jobId and status pending; follow it with the tool that gets a job.`,
	},
	{
		resource: 'modelVersion',
		operation: 'getAll',
		text: `Lists the saved versions of an Asset Workspace model (drafts and the published one). Needs assetId, the model's UUID; to find it, use the tool that gets many assets, with Type Model and Name Contains. Returns one object per version: id, versionNumber, published, comment, createdAt. ${READS_ONLY}`,
	},
	{
		resource: 'modelVersion',
		operation: 'get',
		text: `Reads one saved version of an Asset Workspace model. Needs assetId (the model's UUID) and versionId (a version's id, from the tool that lists a model's versions). Returns the version: versionNumber, published, comment, and the tools its canvas uses (toolTypes, nodeCount, edgeCount). ${READS_ONLY}`,
	},
	{
		resource: 'modelVersion',
		operation: 'getPublished',
		text: `Reads the version of an Asset Workspace model that is published now. Needs assetId, the model's UUID. Returns the version (versionNumber, comment, the tools it uses), or published: false and version: null when nothing is published. ${READS_ONLY}`,
	},
	{
		resource: 'modelVersion',
		operation: 'compare',
		text: `Compares two versions of an Asset Workspace model and says what changed: tools added, removed and changed (with each changed field's path, old and new value), connections added, removed and changed, metadata changes, and a one-line summary. Needs assetId, the model's UUID. Optional: fromVersionId (empty: the published version) and toVersionId (empty: the newest version), from the tool that lists a model's versions. ${READS_ONLY}`,
	},
	{
		resource: 'job',
		operation: 'get',
		text: `Reads a job (a run of an asset) by its jobId, a UUID from the result of the tool that starts runs. Returns jobId, status (pending, running, success, warning or failed), assetId, startedAt, finishedAt. A job that is not finished can be read again later. ${READS_ONLY}`,
	},
	{
		resource: 'job',
		operation: 'wait',
		text: `Waits until a job (a run of an asset) ends, up to its Timeout, and returns it with its final status (success, warning or failed). Needs jobId, a UUID from the result of the tool that starts runs. It blocks while it waits; a failed run is returned as an error that names the job.`,
	},
];

export const toolDescriptions: INodeProperties[] = TEXTS.map(
	({ resource, operation, wait, text }) => ({
		displayName: 'Description',
		name: 'toolDescription',
		type: 'string',
		// Required, as n8n makes the Description it adds to a tool of its own.
		required: true,
		typeOptions: { rows: 4 },
		default: text,
		description:
			'What the AI model is told about this tool: what it does, what it needs, what it returns',
		displayOptions: {
			show: {
				'@tool': [true],
				resource: [resource],
				operation: [operation],
				...(wait === undefined ? {} : { waitForCompletion: [wait] }),
			},
		},
	}),
);
