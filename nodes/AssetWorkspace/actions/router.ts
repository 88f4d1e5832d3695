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

import { mapWithConcurrency } from '../helpers/concurrency';
import { AssetWorkspaceTransport } from '../transport';
import * as asset from './asset/Asset.resource';
import * as job from './job/Job.resource';
import * as modelVersion from './modelVersion/ModelVersion.resource';

/** An operation returns the JSON of its output items (answers of the API are plain JSON). */
const DEFAULT_CONCURRENCY = 10;

type Operation = (this: IExecuteFunctions, itemIndex: number, api: AssetWorkspaceTransport) => Promise<object[]>;

const operations: Record<string, Record<string, Operation>> = {
	asset: { get: asset.get.execute, getAll: asset.getAll.execute, execute: asset.execute.execute },
	modelVersion: {
		getAll: modelVersion.getAll.execute,
		get: modelVersion.get.execute,
		getPublished: modelVersion.getPublished.execute,
	},
	job: { get: job.get.execute, wait: job.wait.execute },
};

function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const run = operations[resource]?.[operation];
	if (!run) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of resource "${resource}" is not supported`);
	}
	const api = new AssetWorkspaceTransport(this);
	const continueOnFail = this.continueOnFail();
	const concurrency = Math.max(1, Math.min(50, Math.floor(Number(this.getNodeParameter('options.concurrency', 0, DEFAULT_CONCURRENCY)) || 1)));
	let stopped = false;
	// Items run side by side; once one fails and the node stops on errors, no further item starts.
	const outcomes = await mapWithConcurrency(items, concurrency, async (_item, i): Promise<Outcome> => {
		if (stopped) return { skipped: true };
		try {
			const results = await run.call(this, i, api);
			return { items: this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results as IDataObject[]), { itemData: { item: i } }) };
		} catch (caught) {
			if (!continueOnFail) stopped = true;
			return { error: asNodeError(this, caught, i) };
		}
	});
	const firstError = outcomes.find((outcome) => outcome.error)?.error;
	if (firstError && !continueOnFail) throw firstError;
	return [outcomes.flatMap((outcome, i) => (outcome.error ? [errorItem(outcome.error, i)] : outcome.items ?? []))];
}

type Outcome = { items?: INodeExecutionData[]; error?: NodeApiError | NodeOperationError; skipped?: true };

/**
 * A failed item as JSON only (`error` and `details`): n8n routes such items to the error output when
 * that is on, and keeps `details` (which carries the job of a failed wait) on the regular output.
 */
function errorItem(error: NodeApiError | NodeOperationError, itemIndex: number): INodeExecutionData {
	const details: IDataObject = { itemIndex };
	if (error.description) details.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) details.httpCode = error.httpCode;
	if (error.context.job) details.job = error.context.job as IDataObject;
	return { json: { error: error.message, details }, pairedItem: { item: itemIndex } };
}
