/**
 * Dispatches resource/operation and runs the operation once per input item. One failing item
 * fails only itself under "Continue On Fail" / the error output; every output item is paired.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { mapWithConcurrency } from '../../shared/concurrency';
import { operationError } from '../../shared/errors';
import { AssetWorkspaceTransport } from '../../shared/transport';
import * as asset from './asset/Asset.resource';
import * as job from './job/Job.resource';
import * as modelVersion from './modelVersion/ModelVersion.resource';

const DEFAULT_CONCURRENCY = 10;

/**
 * An operation returns the JSON of its output items (answers of the API are plain JSON). One that
 * starts jobs checks every item's input in `prepare` first, so bad input never follows a queued job.
 */
interface Operation {
	prepare?: (this: IExecuteFunctions, itemIndex: number) => unknown;
	execute: (
		this: IExecuteFunctions,
		itemIndex: number,
		api: AssetWorkspaceTransport,
		input: never,
	) => Promise<object[]>;
}

const operations: Record<string, Record<string, Operation>> = {
	asset: { get: asset.get, getAll: asset.getAll, execute: asset.execute },
	modelVersion: {
		getAll: modelVersion.getAll,
		get: modelVersion.get,
		getPublished: modelVersion.getPublished,
	},
	job: { get: job.get, wait: job.wait },
};

function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

type Outcome = {
	items?: INodeExecutionData[];
	error?: NodeApiError | NodeOperationError;
	skipped?: true;
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const op = operations[resource]?.[operation];
	if (!op) {
		throw operationError(
			this.getNode(),
			`The operation "${operation}" of resource "${resource}" is not supported`,
		);
	}
	const continueOnFail = this.continueOnFail();
	// Every item's input is checked before any request: with the node stopping on errors, nothing is sent.
	const inputs = items.map(
		(_item, i): { input?: unknown; error?: NodeApiError | NodeOperationError } => {
			try {
				return { input: op.prepare?.call(this, i) };
			} catch (caught) {
				return { error: asNodeError(this, caught, i) };
			}
		},
	);
	const invalid = inputs.find((input) => input.error)?.error;
	if (invalid && !continueOnFail) throw invalid;

	const api = new AssetWorkspaceTransport(this);
	const concurrency = Math.max(
		1,
		Math.min(
			50,
			Math.floor(Number(this.getNodeParameter('options.concurrency', 0, DEFAULT_CONCURRENCY)) || 1),
		),
	);
	let stopped = false;
	// Items run side by side; once one fails and the node stops on errors, no further item starts.
	const outcomes = await mapWithConcurrency(
		items,
		concurrency,
		async (_item, i): Promise<Outcome> => {
			if (inputs[i].error) return { error: inputs[i].error };
			if (stopped) return { skipped: true };
			try {
				const results = await op.execute.call(this, i, api, inputs[i].input as never);
				return {
					items: this.helpers.constructExecutionMetaData(
						this.helpers.returnJsonArray(results as IDataObject[]),
						{ itemData: { item: i } },
					),
				};
			} catch (caught) {
				if (!continueOnFail) stopped = true;
				return { error: asNodeError(this, caught, i) };
			}
		},
	);
	const firstError = outcomes.find((outcome) => outcome.error)?.error;
	if (firstError && !continueOnFail) throw withStartedJobs(firstError, outcomes);
	return [
		outcomes.flatMap((outcome, i) =>
			outcome.error ? [errorItem(outcome.error, i)] : (outcome.items ?? []),
		),
	];
}

/** The job an item started, from its output or its error. */
function jobIdOf(outcome: Outcome): string | undefined {
	const json = outcome.items?.[0]?.json ?? (outcome.error?.context.job as IDataObject | undefined);
	return typeof json?.jobId === 'string' ? json.jobId : undefined;
}

/**
 * The error that stops the node, naming the jobs that other items already started: they are not
 * in any output (n8n keeps none when a node stops), so this is where the user finds them.
 */
function withStartedJobs(error: NodeApiError | NodeOperationError, outcomes: Outcome[]) {
	const failed = error.context.itemIndex as number | undefined;
	const started = outcomes.flatMap((outcome, i) => {
		const jobId = i === failed ? undefined : jobIdOf(outcome);
		return jobId ? [{ itemIndex: i, jobId }] : [];
	});
	const own = (error.context.job as IDataObject | undefined)?.jobId;
	const parts = [
		own ? `This item's job is ${String(own)}.` : '',
		started.length
			? `Jobs already started for other items (not in any output, because the node stopped): ${started.map((s) => `${s.jobId} (item ${s.itemIndex})`).join(', ')}.`
			: '',
	].filter(Boolean);
	if (parts.length === 0) return error;
	error.context.startedJobs = started;
	error.description = [error.description, ...parts].filter(Boolean).join(' ');
	return error;
}

/**
 * A failed item as JSON only (`error` and `details`): n8n routes such items to the error output
 * when that is on (only items with no other keys go there), and keeps `details` on the regular
 * output. When the item started a job, `details.jobId` and `details.job` carry it.
 */
function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const details: IDataObject = { itemIndex };
	if (error.description) details.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) details.httpCode = error.httpCode;
	const job = error.context.job as IDataObject | undefined;
	if (job) Object.assign(details, { jobId: job.jobId, job });
	return { json: { error: error.message, details }, pairedItem: { item: itemIndex } };
}
