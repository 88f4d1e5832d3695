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
import { optionsCollection } from '../../../shared/descriptions';

const JSON_EXAMPLE = '{"RUN_DATE": "2026-11-21"}';

/**
 * No parameters by default from version 2 on: switching to JSON sends nothing until the user writes
 * something. `{}` rather than '', which n8n's JSON editor marks as an error.
 */
const parametersJson: INodeProperties = {
	displayName: 'Parameters (JSON)',
	name: 'parametersJson',
	type: 'json',
	default: '{}',
	// n8n's JSON editor shows no placeholder: the example is the hint.
	hint: `For example ${JSON_EXAMPLE}`,
	description: 'A JSON object of parameter names to values. Empty: no parameters.',
	displayOptions: { show: { specifyParameters: ['json'], '@version': [{ _cnd: { gte: 2 } }] } },
};

const properties: INodeProperties[] = [
	assetLocator('searchAssets'),
	{
		displayName: 'Keep Retry On Fail (in Settings) off: each retry queues new runs for every item',
		name: 'retryNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Send Parameters',
		name: 'specifyParameters',
		type: 'options',
		default: 'none',
		description: 'Whether and how to send parameters with the run',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'Using Fields Below', value: 'keypair' },
			{ name: 'Using JSON', value: 'json' },
		],
	},
	{
		displayName:
			"For this run only, a parameter replaces the asset's variable of the same name; new names are added",
		name: 'overlayNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { specifyParameters: ['keypair', 'json'] } },
	},
	{
		displayName: 'Parameters',
		name: 'parameters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: { parameter: [] },
		displayOptions: { show: { specifyParameters: ['keypair'] } },
		options: [
			{
				name: 'parameter',
				displayName: 'Parameter',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. RUN_DATE',
						description: 'Letters, digits and underscores',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	parametersJson,
	// Version 1 keeps the example as its default: n8n saves only values that differ from the
	// default, so a version 1 workflow that left the field as it was sends it.
	{
		...parametersJson,
		default: '{\n  "RUN_DATE": "2026-11-21"\n}',
		hint: undefined,
		displayOptions: { show: { specifyParameters: ['json'], '@version': [1] } },
	},
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the job finishes and output the finished job (with waitedSeconds and pollCount). Off: output the queued job at once.',
	},
	optionsCollection([
		concurrencyOption,
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

/**
 * Reads and checks one item's input without sending anything: the router prepares every item before
 * the first job is queued.
 */
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
