/** Parameter builders both nodes use. */
import type { INodeProperties } from 'n8n-workflow';

export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}
