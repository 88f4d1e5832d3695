import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { BASE_URL_EXPRESSION } from '../nodes/AssetWorkspace/helpers/baseUrl';

export class AssetWorkspaceApi implements ICredentialType {
	name = 'assetWorkspaceApi';

	displayName = 'Asset Workspace API';

	icon: Icon = { light: 'file:assetWorkspace.svg', dark: 'file:assetWorkspace.dark.svg' };

	documentationUrl = 'https://github.com/asset-workspace/n8n-nodes-asset-workspace#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://acme.assetworkspace.example',
			description:
				'Address of your workspace (http or https). A trailing slash or a pasted /api/public/v1 is removed. To try the node without an account, start the sandbox and use http://127.0.0.1:8787.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'An API key created in your profile under API Keys. The sandbox accepts aw_sandbox_owner.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/api/public/v1/assets',
			method: 'GET',
			qs: { limit: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key was rejected (401): check the key, and that it was created in this workspace.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'No Asset Workspace API answers at this base URL (404): check the address.',
				},
			},
		],
	};
}
