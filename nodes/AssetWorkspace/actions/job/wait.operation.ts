import { updateDisplayOptions, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { waitForJob } from '../../helpers/waitForJob';
import { readWaitOptions, waitOptions } from '../../helpers/waitOptions';
import { readId } from '../../helpers/parameters';
import type { AssetWorkspaceTransport } from '../../../shared/transport';
import { concurrencyOption } from '../common.descriptions';
import { optionsCollection } from '../../../shared/descriptions';
import { jobIdField } from './get.operation';

const properties: INodeProperties[] = [
	jobIdField,
	optionsCollection([concurrencyOption, ...waitOptions]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['job'], operation: ['wait'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	api: AssetWorkspaceTransport,
): Promise<object[]> {
	const jobId = readId(this, 'jobId', 'Job ID', i);
	return [await waitForJob(this, api, jobId, readWaitOptions(this, i), i)];
}
