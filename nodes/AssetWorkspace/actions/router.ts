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

import { AssetWorkspaceTransport } from '../transport';
import * as asset from './asset/Asset.resource';
import * as job from './job/Job.resource';
import * as modelVersion from './modelVersion/ModelVersion.resource';

/** An operation returns the JSON of its output items (answers of the API are plain JSON). */
type Operation = (this: IExecuteFunctions, itemIndex: number, api: AssetWorkspaceTransport) => Promise<object[]>;

const operations: Record<string, Record<string, Operation>> = {
	asset: { get: asset.get.execute, getAll: asset.getAll.execute, execute: asset.execute.execute },
	modelVersion: {
		getAll: modelVersion.getAll.execute,
		get: modelVersion.get.execute,
		getPublished: modelVersion.getPublished.execute,
	},
	job: { get: job.get.execute },
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
	const output: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		try {
			const results = await run.call(this, i, api);
			output.push(...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(results as IDataObject[]), { itemData: { item: i } }));
		} catch (caught) {
			const error = asNodeError(this, caught, i);
			if (!this.continueOnFail()) throw error;
			// The engine routes items carrying `error` to the error output when that is on.
			output.push({ json: { error: error.message }, error, pairedItem: { item: i } });
		}
	}
	return [output];
}
