import {
	UserError,
	type ICredentialDataDecryptedObject,
	type Icon,
	type ICredentialTestRequest,
	type ICredentialType,
	type IHttpRequestOptions,
	type INodeProperties,
} from 'n8n-workflow';

import { checkApiKey } from '../nodes/shared/apiKey';
import { BASE_URL_EXPRESSION, checkBaseUrl } from '../nodes/shared/baseUrl';

/**
 * Redirects the credential test refuses to follow (a redirect would carry the key elsewhere), each
 * with its own message.
 */
const REDIRECTS = [301, 302, 303, 307, 308];

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
				'Address of your workspace, https only (plain http is accepted for localhost and 127.x.x.x), with no user name, password, query or fragment. A trailing slash or a pasted /api/public/v1 is removed. To try the node without an account, start the sandbox and use http://127.0.0.1:8787.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'An API key created in your profile under API Keys. The sandbox accepts aw_sandbox_owner.',
		},
	];

	/**
	 * The bearer header, added only for a base URL and a key the node accepts (the same checks, with
	 * the same messages, so the credential test refuses what every run would refuse).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const url = checkBaseUrl(credentials.baseUrl);
		if (url.problem !== undefined) throw new UserError(url.message);
		const key = checkApiKey(credentials.apiKey);
		if (key.message !== undefined) throw new UserError(key.message);
		return {
			...requestOptions,
			disableFollowRedirect: true,
			headers: { ...requestOptions.headers, Authorization: `Bearer ${key.key}` },
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/api/public/v1/assets',
			method: 'GET',
			qs: { limit: 1 },
			disableFollowRedirect: true,
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API key was rejected (401): check the key, and that it was created in this workspace.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'No Asset Workspace API answers at this base URL (404): check the address.',
				},
			},
			...REDIRECTS.map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `The base URL answers with a redirect (${status}), which is not followed so that the API key goes nowhere else: set it to the address it redirects to.`,
				},
			})),
		],
	};
}
