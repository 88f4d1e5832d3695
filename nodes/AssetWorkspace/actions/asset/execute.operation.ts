import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeProperties,
} from 'n8n-workflow';

import { jobEnvelopeSchema } from '../../../shared/schemas';
import { waitForJob } from '../../helpers/waitForJob';
import { readWaitOptions, waitOptions, type WaitOptions } from '../../helpers/waitOptions';
import { readParameters } from '../../helpers/executeParameters';
import { optional, readId } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { assetLocator } from '../../../shared/locators';
import { concurrencyOption } from '../common.descriptions';
import { parameterProperties } from './executeParameters.description';
import { optionsCollection } from '../../../shared/descriptions';

const properties: INodeProperties[] = [
	assetLocator('searchAssets'),
	{
		displayName: 'Keep Retry On Fail (in Settings) off: each retry queues new runs for every item',
		name: 'retryNotice',
		type: 'notice',
		default: '',
	},
	...parameterProperties,
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the job finishes and output the finished job (with waitedSeconds and pollCount). Off: output the queued job at once.',
		builderHint: {
			propertyHint:
				'False for runs longer than minutes: then a Wait node and Job > Wait for Completion.',
		},
	},
	optionsCollection([
		concurrencyOption,
		{
			displayName: 'Leave Out Undefined Parameters',
			name: 'omitUndefined',
			type: 'boolean',
			default: false,
			description:
				"Whether a parameter whose value comes out undefined (an expression reading a field the item lacks) is left out, so the run uses the asset's own variable. Off: such an item fails, naming the parameter, and nothing is sent for it.",
			displayOptions: { show: { '/specifyParameters': ['keypair', 'json'] } },
		},
		...waitOptions.map((option) => ({
			...option,
			displayOptions: { show: { '/waitForCompletion': [true] } },
		})),
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['asset'], operation: ['execute'] } },
	properties,
);

export interface ExecuteInput {
	assetId: string;
	parameters: Record<string, unknown>;
	wait?: WaitOptions;
}

/** Reads and checks one item's input; the router prepares every item before the first job. */
export function prepare(this: IExecuteFunctions, i: number): ExecuteInput {
	const assetId = readId(this, 'assetId', 'Asset', i);
	const parameters = readParameters(this, i);
	const wait = optional(this, 'waitForCompletion', i, true);
	return { assetId, parameters, wait: wait ? readWaitOptions(this, i) : undefined };
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
	input: ExecuteInput,
): Promise<object[]> {
	const { data } = await api.request({
		method: 'POST',
		path: ['assets', input.assetId, 'execute'],
		body: { jobSource: 'API', parameters: input.parameters } as IDataObject,
		schema: jobEnvelopeSchema,
		itemIndex: i,
	});
	if (!input.wait) return [data];
	this.logger.info(
		`Asset Workspace: job ${data.jobId} queued for asset ${input.assetId} (item ${i}); waiting for it to finish`,
		{
			jobId: data.jobId,
			assetId: input.assetId,
			itemIndex: i,
		},
	);
	return [await waitForJob(this, api, data.jobId, input.wait, i, data)];
}
