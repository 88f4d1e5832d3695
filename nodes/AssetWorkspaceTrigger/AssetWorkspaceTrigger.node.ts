import {
	NodeConnectionTypes,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions';
import { operationError } from '../shared/errors';
import { TERMINAL_STATUSES } from '../shared/schemas';
import {
	AssetWorkspaceTransport,
	DEFAULT_TRANSPORT_SETTINGS,
	type TransportSettings,
} from '../shared/transport';
import { isUuid, show } from '../shared/validation';
import type { WatchOptions } from './jobWatch';
import { pollJobs, sampleJobs, type JobPoll } from './pollJobs';
import { onePollAtATime, pollWindow, POLL_CEILING_MS } from './pollWindow';

export interface TriggerSettings {
	transport: TransportSettings;
	/** The longest a poll takes (n8n's own budget, where smaller, wins). */
	pollCeilingMs: number;
}

export const DEFAULT_TRIGGER_SETTINGS: Readonly<TriggerSettings> = {
	transport: DEFAULT_TRANSPORT_SETTINGS,
	pollCeilingMs: POLL_CEILING_MS,
};

/** Splits the Job IDs field on commas, spaces and new lines; each id must be a UUID. */
export function parseJobIds(node: INode, raw: unknown): string[] {
	const text = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
	const ids = text.split(/[\s,;]+/).filter(Boolean);
	const invalid = ids.find((id) => !isUuid(id));
	if (invalid !== undefined) {
		throw operationError(node, `Job IDs: ${show(invalid)} is not a job id (a UUID)`, {
			description: 'Separate job ids with commas, spaces or new lines.',
		});
	}
	return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The Job Finished poll's inputs, read and checked before anything is asked. */
function jobPoll(ctx: IPollFunctions, settings: TriggerSettings): JobPoll {
	const node = ctx.getNode();
	const watched = parseJobIds(node, ctx.getNodeParameter('jobIds', ''));
	// An empty list (an expression that came out empty, say) is an error that leaves the state
	// alone: the jobs seen so far stay remembered and never fire twice.
	if (watched.length === 0) {
		throw operationError(node, 'Job IDs: add at least one job id to watch', {
			description:
				'The list is empty. If it comes from an expression, check that it gives job ids; nothing is forgotten meanwhile.',
		});
	}
	const statuses = ctx.getNodeParameter('statuses', [...TERMINAL_STATUSES]) as string[];
	const options: WatchOptions = {
		statuses: statuses ?? [],
		emitAlreadyFinished: ctx.getNodeParameter('options.emitAlreadyFinished', true) !== false,
	};
	const { chance } = settings.transport;
	const { until } = pollWindow(ctx, chance.now(), settings.pollCeilingMs);
	const api = new AssetWorkspaceTransport(ctx, settings.transport);
	return { api, watched, options, until, now: chance.now };
}

export class AssetWorkspaceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Workspace Trigger',
		name: 'assetWorkspaceTrigger',
		icon: { light: 'file:assetWorkspace.svg', dark: 'file:assetWorkspace.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ "Jobs finishing: " + $parameter["statuses"].join(", ") }}',
		description: 'Starts the workflow once when a watched Asset Workspace job finishes',
		defaults: { name: 'Asset Workspace Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetWorkspaceApi', required: true }],
		properties: [
			{
				displayName: 'Job IDs',
				name: 'jobIds',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				required: true,
				placeholder:
					'e.g. 3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4a3b21, 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
				description:
					"The jobs to watch: paste their IDs (a run started in the app shows its job ID), separated by commas, spaces or new lines, or map them with an expression. On n8n plans with Variables, {{ $vars.aw_watch_jobs }} lets another workflow add IDs. The API cannot list an asset's jobs: to act on every run, start the runs from n8n (Execute).",
			},
			{
				displayName: 'Fire On',
				name: 'statuses',
				type: 'multiOptions',
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
		],
	};

	poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/** n8n builds the node with the defaults; tests pass faster retries and shorter polls. */
	constructor(settings: TriggerSettings = DEFAULT_TRIGGER_SETTINGS) {
		this.poll = async function (this: IPollFunctions) {
			const poll = jobPoll(this, settings);
			if (this.getMode() === 'manual') return await sampleJobs(this, poll);
			return await onePollAtATime(
				this,
				poll.now(),
				async () => await pollJobs(this, poll),
				() => null,
			);
		};
	}
}
