// Asset > Execute's Send Parameters and the fields it shows: name/value pairs, or a JSON object.
import type { INodeProperties } from 'n8n-workflow';

const JSON_EXAMPLE = '{"RUN_DATE": "2026-11-21"}';

// Empty is `{}` rather than '', which n8n's JSON editor marks as an error.
const parametersJson: INodeProperties = {
	displayName: 'Parameters (JSON)',
	name: 'parametersJson',
	type: 'json',
	// Required, as n8n's open-ended-node-fields rule asks of a top-level JSON field: {} sends none.
	required: true,
	default: '{}',
	// n8n's JSON editor shows no placeholder: the example is the hint.
	hint: `For example ${JSON_EXAMPLE}`,
	description: 'A JSON object of parameter names to values; {} sends none',
	displayOptions: { show: { specifyParameters: ['json'] } },
};

export const parameterProperties: INodeProperties[] = [
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
];
