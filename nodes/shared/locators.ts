/** The pickers both nodes use: "From List" (searchable) or "By ID" (a UUID). */
import type { INodeProperties } from 'n8n-workflow';

import { UUID_REGEX_SOURCE } from './validation';

const uuidValidation = (what: string) => [
	{
		type: 'regex' as const,
		properties: { regex: UUID_REGEX_SOURCE, errorMessage: `Not a valid ${what} ID (a UUID)` },
	},
];

export function assetLocator(
	searchListMethod: 'searchAssets' | 'searchModels',
	what = 'asset',
): INodeProperties {
	return {
		displayName: what === 'model' ? 'Model' : 'Asset',
		name: 'assetId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			what === 'model'
				? 'The model asset'
				: 'The asset (folder, model, source, orchestration or Python asset)',
		builderHint: {
			propertyHint: `The ${what}'s UUID, never its name: From List, or By ID from Asset > Get Many.`,
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${what}...`,
				typeOptions: { searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4a3b21',
				validation: uuidValidation(what),
			},
		],
	};
}

export const folderLocator: INodeProperties = {
	displayName: 'Folder',
	name: 'folderId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description: 'Only assets directly in this folder',
	builderHint: { propertyHint: 'A UUID: From List, or Asset > Get Many with Type Folder.' },
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a folder...',
			typeOptions: { searchListMethod: 'searchFolders', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 0622a1e7-7059-5f03-846b-d50f8e9b7f5a',
			validation: uuidValidation('folder'),
		},
	],
};

// An optional picker has no `required` at all: n8n's lint flags `required: false`.
export function versionLocator(
	overrides: Omit<Partial<INodeProperties>, 'required'> = {},
	{ optional = false } = {},
): INodeProperties {
	return {
		displayName: 'Version',
		name: 'versionId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...(optional ? {} : { required: true }),
		description: 'A saved version of the model: newest first, the published one marked',
		builderHint: { propertyHint: 'A UUID: From List, or Model Version > Get Many.' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a version...',
				typeOptions: { searchListMethod: 'searchVersions', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
				validation: uuidValidation('version'),
			},
		],
		...overrides,
	};
}
