import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { jobEnvelopeSchema } from '../../../shared/schemas';
import { readId } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { concurrencyOption } from '../common.descriptions';
import { optionsCollection } from '../../../shared/descriptions';

export const jobIdField: INodeProperties = {
	displayName: 'Job ID',
	name: 'jobId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. {{ $json.jobId }}',
	description: 'The job, usually mapped from the JSON of an earlier Execute step',
	builderHint: { propertyHint: 'The jobId that Asset > Execute outputs: {{ $json.jobId }}.' },
};

const properties: INodeProperties[] = [jobIdField, optionsCollection([concurrencyOption])];

export const description = updateDisplayOptions(
	{ show: { resource: ['job'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const jobId = readId(this, 'jobId', 'Job ID', i);
	const { data } = await api.request({
		method: 'GET',
		path: ['jobs', jobId],
		schema: jobEnvelopeSchema,
		itemIndex: i,
	});
	return [data];
}
