import {
	NodeApiError,
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions';
import { mapWithConcurrency } from '../shared/concurrency';
import { operationError } from '../shared/errors';
import { jobEnvelopeSchema, TERMINAL_STATUSES, type Job } from '../shared/schemas';
import { isUuid, show } from '../shared/validation';
import { AssetWorkspaceTransport } from '../shared/transport';
import { jobsToAsk, observe, observeNotFound, watchState, type WatchOptions } from './jobWatch';

/** How many job statuses are asked for at once in one poll. */
export const POLL_CONCURRENCY = 16;

type Answer = { jobId: string; job?: Job; notFound?: boolean; error?: NodeApiError };

/** Splits the Job IDs field on commas, spaces and new lines; each id must be a UUID. */
export function parseJobIds(
	node: IPollFunctions['getNode'] extends () => infer N ? N : never,
	raw: unknown,
): string[] {
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
					'The jobs to watch, separated by commas, spaces or new lines. Expressions work, for example {{ $vars.nightlyJobs }} filled by the workflow that starts the runs.',
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

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const watched = parseJobIds(this.getNode(), this.getNodeParameter('jobIds', ''));
		// An empty list (an expression that came out empty, say) is an error that leaves the state alone:
		// the jobs seen so far stay remembered and never fire twice.
		if (watched.length === 0) {
			throw operationError(this.getNode(), 'Job IDs: add at least one job id to watch', {
				description:
					'The list is empty. If it comes from an expression, check that it gives job ids; nothing is forgotten meanwhile.',
			});
		}
		const selected = (this.getNodeParameter('statuses', [...TERMINAL_STATUSES]) as string[]) ?? [];
		const options: WatchOptions = {
			statuses: selected,
			emitAlreadyFinished:
				(this.getNodeParameter('options.emitAlreadyFinished', true) as boolean) !== false,
		};
		const api = new AssetWorkspaceTransport(this);
		const ask = async (jobId: string): Promise<Answer> => {
			try {
				const answer = await api.requestOrNotFound({
					method: 'GET',
					path: ['jobs', jobId],
					schema: jobEnvelopeSchema,
				});
				return answer === null ? { jobId, notFound: true } : { jobId, job: answer.data };
			} catch (error) {
				if (error instanceof NodeApiError) return { jobId, error };
				throw new NodeOperationError(this.getNode(), error as Error);
			}
		};

		if (this.getMode() === 'manual') {
			// "Fetch test event": the current state of the watched jobs, changing nothing.
			const answers = await mapWithConcurrency(watched, POLL_CONCURRENCY, ask);
			const state = (this.getWorkflowStaticData('node').jobs ?? {}) as Record<
				string,
				{ status?: string | null }
			>;
			const sample = answers
				.filter((a) => a.job)
				.map((a) => ({
					json: { ...a.job, previousStatus: state[a.jobId]?.status ?? null } as IDataObject,
				}));
			if (sample.length === 0)
				throw (
					answers.find((a) => a.error)?.error ??
					operationError(this.getNode(), 'None of the watched jobs was found with this API key')
				);
			return [sample];
		}

		const state = watchState(this.getWorkflowStaticData('node'), watched);
		const answers = await mapWithConcurrency(jobsToAsk(state, watched), POLL_CONCURRENCY, ask);
		const failures = answers.filter((a) => a.error).map((a) => a.error!);
		// A wrong key fails the poll at once, before any answer changes the state: a job that finished
		// meanwhile is still unsettled and fires on the next poll that works.
		const badCredential = failures.find((e) => e.httpCode === '401' || e.httpCode === '403');
		if (badCredential) throw badCredential;
		const fired: INodeExecutionData[] = [];
		for (const answer of answers) {
			if (answer.job) {
				const { fire, previousStatus } = observe(state, answer.jobId, answer.job.status, options);
				if (fire) fired.push({ json: { ...answer.job, previousStatus } as IDataObject });
			} else if (answer.notFound && observeNotFound(state, answer.jobId)) {
				fired.push({
					json: {
						jobId: answer.jobId,
						status: 'not_found',
						notFound: true,
						message: `Job ${answer.jobId} answers 404: it does not exist, or this API key cannot read its asset. It is reported once and still watched.`,
					},
				});
			}
		}
		// Other failures fail the poll only when nothing answered (the service is down): then nothing
		// changed either. Failed jobs stay unsettled and are asked for again on the next poll.
		if (failures.length > 0 && failures.length === answers.length) throw failures[0];
		return fired.length > 0 ? [fired] : null;
	}
}
