import {
	UserError,
	type IAuthenticateRuleResponseCode,
	type IAuthenticateRuleResponseSuccessBody,
	type ICredentialDataDecryptedObject,
	type Icon,
	type ICredentialTestRequest,
	type ICredentialType,
	type IHttpRequestOptions,
	type INodeProperties,
} from 'n8n-workflow';

import { checkApiKey } from '../nodes/shared/apiKey';
import { BASE_URL_EXPRESSION, checkBaseUrl } from '../nodes/shared/baseUrl';

/** Redirects the test refuses to follow (a redirect would carry the key elsewhere). */
const REDIRECTS = [301, 302, 303, 307, 308];

/** A 200 that is not the API's listing (a login page, a proxy): the node would fail on it. */
const NOT_THE_API =
	'The base URL answers, but not as the Asset Workspace API does (no list of assets came back): it may be a login page, a proxy or another service. Check the address.';

/** Where a user who installed the package from n8n's panel reads how to run the sandbox. */
const SANDBOX_DOCS =
	'https://github.com/asset-workspace/n8n-nodes-asset-workspace/blob/main/docs/sandbox.md';

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
				'Address of your workspace: https (plain http only for localhost and 127.x.x.x, unless Allow Plain HTTP to Any Host is on), with no user name, password, query or fragment. A trailing slash or a pasted /api/public/v1 is removed.',
			hint: `No account? Try the node against the <a href="${SANDBOX_DOCS}" target="_blank">sandbox</a>, which runs from a clone of the repository.`,
		},
		{
			displayName:
				"n8n run with N8N_SSRF_PROTECTION_ENABLED=true refuses private and loopback addresses, the sandbox's too: allow the workspace where n8n runs, by name with N8N_SSRF_ALLOWED_HOSTNAMES or by address with N8N_SSRF_ALLOWED_IP_RANGES (CIDR, such as 10.1.2.3/32)",
			name: 'ssrfNotice',
			type: 'notice',
			default: '',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'An API key created in your profile under API Keys',
		},
		{
			displayName: 'Allow Plain HTTP to Any Host',
			name: 'allowHttp',
			type: 'boolean',
			default: false,
			description:
				'Whether to accept a base URL starting with http:// for any host. Off: http only for localhost and 127.x.x.x.',
		},
		{
			displayName:
				'With plain http the API key travels unencrypted: anyone on the network between n8n and the workspace can read it. Use it only on a network you trust, such as n8n in Docker reaching the sandbox at http://host.docker.internal:8787.',
			name: 'allowHttpNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { allowHttp: [true] } },
		},
	];

	// The bearer header, only for a base URL and a key the node accepts: the same checks and
	// messages, so the credential test refuses what every run would refuse.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const url = checkBaseUrl(credentials.baseUrl, credentials.allowHttp);
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
		// n8n's credentials tester reads every rule by its type (its TypeScript type wants one type a
		// list): after a 2xx, a body whose `key` holds `value` (here: nothing) fails the test.
		rules: [
			...['data', 'meta.hasMore'].map(
				(key): IAuthenticateRuleResponseSuccessBody => ({
					type: 'responseSuccessBody',
					properties: { key, value: undefined, message: NOT_THE_API },
				}),
			),
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
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
