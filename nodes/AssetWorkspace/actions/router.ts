// Runs the chosen operation once per input item; under Continue On Fail or the error output a
// failing item fails only itself. Every output item is paired.
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';

import { mapWithConcurrency } from '../../shared/concurrency';
import { inputError, nodeErrorOf } from '../../shared/errors/nodeErrors';
import { AssetWorkspaceTransport, type TransportSettings } from '../../shared/transport';
import { errorItem, withStartedJobs, type Outcome } from '../helpers/failedItems';
import { optional } from '../helpers/parameters';
import * as asset from './asset/Asset.resource';
import * as job from './job/Job.resource';
import * as modelVersion from './modelVersion/ModelVersion.resource';

const DEFAULT_CONCURRENCY = 10;

// An operation returns its output items' JSON. One that starts jobs checks an item's input in
// `prepare`, so that every item is checked before the first job is queued.
interface Operation<Input> {
	prepare?: (this: IExecuteFunctions, itemIndex: number) => Input;
	execute: (
		this: IExecuteFunctions,
		itemIndex: number,
		api: AssetWorkspaceTransport,
		input: Input,
	) => Promise<object[]>;
}

type Run = (api: AssetWorkspaceTransport) => Promise<object[]>;
type Prepare = (ctx: IExecuteFunctions, itemIndex: number) => Run;

function prepared<Input>(operation: Operation<Input>): Prepare {
	return (ctx, i) => {
		const input = operation.prepare?.call(ctx, i) as Input;
		return async (api) => await operation.execute.call(ctx, i, api, input);
	};
}

/** Every resource and its operations: a missing or misspelt one is a compile error. */
const operations: {
	asset: Record<'get' | 'getAll' | 'execute', Prepare>;
	modelVersion: Record<'getAll' | 'get' | 'getPublished' | 'compare', Prepare>;
	job: Record<'get' | 'wait', Prepare>;
} = {
	asset: {
		get: prepared(asset.get),
		getAll: prepared(asset.getAll),
		execute: prepared(asset.execute),
	},
	modelVersion: {
		getAll: prepared(modelVersion.getAll),
		get: prepared(modelVersion.get),
		getPublished: prepared(modelVersion.getPublished),
		compare: prepared(modelVersion.compare),
	},
	job: { get: prepared(job.get), wait: prepared(job.wait) },
};

function asNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return nodeErrorOf(ctx.getNode(), error, itemIndex);
}

function operationOf(ctx: IExecuteFunctions): Prepare {
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const operation = ctx.getNodeParameter('operation', 0) as string;
	const found = (operations as Record<string, Record<string, Prepare> | undefined>)[resource]?.[
		operation
	];
	if (found) return found;
	const message = `The operation "${operation}" of resource "${resource}" is not supported`;
	throw inputError(ctx.getNode(), message);
}

type Checked = { run?: Run; error?: NodeApiError | NodeOperationError };

/** Every item's input, checked before any request: its run, or the error that refuses it. */
function checkItems(ctx: IExecuteFunctions, prepare: Prepare): Checked[] {
	return ctx.getInputData().map((_item, i): Checked => {
		try {
			return { run: prepare(ctx, i) };
		} catch (caught) {
			return { error: asNodeError(ctx, caught, i) };
		}
	});
}

/** Runs the checked items side by side; once one fails and the node stops on errors, no further item starts. */
async function runItems(ctx: IExecuteFunctions, settings: TransportSettings, checked: Checked[]) {
	const api = new AssetWorkspaceTransport(ctx, settings);
	const wanted = Number(optional(ctx, 'options.concurrency', 0, DEFAULT_CONCURRENCY));
	const concurrency = Math.max(1, Math.min(50, Math.floor(wanted) || 1));
	const continueOnFail = ctx.continueOnFail();
	let stopped = false;
	return await mapWithConcurrency(
		checked,
		concurrency,
		async ({ run, error }, i): Promise<Outcome> => {
			if (error || !run) return { error };
			if (stopped) return { skipped: true };
			try {
				const results = (await run(api)) as IDataObject[];
				// In one pass: n8n's returnJsonArray and constructExecutionMetaData copy every item twice
				// and take an asset with a `json` field for an item.
				const pairedItem = { item: i };
				return { items: results.map((json) => ({ json, pairedItem })) };
			} catch (caught) {
				if (!continueOnFail) stopped = true;
				return { error: asNodeError(ctx, caught, i) };
			}
		},
	);
}

export async function router(
	this: IExecuteFunctions,
	settings: TransportSettings,
): Promise<INodeExecutionData[][]> {
	const checked = checkItems(this, operationOf(this));
	const continueOnFail = this.continueOnFail();
	const invalid = checked.find((input) => input.error)?.error;
	if (invalid && !continueOnFail) throw invalid;
	const outcomes = await runItems(this, settings, checked);
	const firstError = outcomes.find((outcome) => outcome.error)?.error;
	if (firstError && !continueOnFail) throw withStartedJobs(firstError, outcomes);
	return [
		outcomes.flatMap((outcome, i) =>
			outcome.error ? [errorItem(this, outcome.error, i)] : (outcome.items ?? []),
		),
	];
}
