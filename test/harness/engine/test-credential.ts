/** Tests the credential as n8n's CredentialsTester does. */
import { ExecuteContext, RoutingNode } from 'n8n-core';
import type { INodeType, IRunExecutionData } from 'n8n-workflow';

import { additionalDataFor, type SandboxCredentials } from './additional-data';
import {
	CREDENTIAL_TYPE,
	NODE_TYPE,
	credentialClasses,
	nodeClasses,
	registerNodeType,
} from './node-types';
import { nodeWith, workflowWith } from './one-node-workflow';

/** lodash's `get` as n8n's CredentialsTester calls it, for the dotted keys of our rules. */
const valueAt = (value: unknown, key: string) =>
	key
		.split('.')
		.reduce<unknown>(
			(at, part) =>
				at === null || at === undefined ? undefined : (at as Record<string, unknown>)[part],
			value,
		);

/**
 * Tests a credential the way n8n's CredentialsTester does for a credential with a `test`
 * request: the request runs as the routing of a temporary node through n8n-core's RoutingNode,
 * then the test's rules map the status to a message (`responseCode`), or, when the request
 * succeeded, the first output item's JSON to one (`responseSuccessBody`: the key's value equal
 * to the rule's), as n8n 2.41's and 1.123's credentials-tester.service do.
 */
export async function testCredential(
	data: SandboxCredentials,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const credential = credentialClasses[CREDENTIAL_TYPE];
	const test = credential.test!;
	const tempType = 'n8n-nodes-asset-workspace.credentialTest';
	const base = nodeClasses[NODE_TYPE].description;
	const nodeType: INodeType = {
		description: {
			...base,
			name: tempType,
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
	registerNodeType(tempType, nodeType);
	const node = nodeWith({}, tempType);
	const workflow = workflowWith(node);
	const additionalData = additionalDataFor(data);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		{ resultData: { runData: {} } } as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routing = new RoutingNode(context, nodeType, {
		id: 'awSandboxCred01',
		name: 'Asset Workspace Sandbox',
		type: CREDENTIAL_TYPE,
		data: { ...data },
	});
	try {
		const response = await routing.runNode();
		for (const rule of test.rules ?? []) {
			if (rule.type !== 'responseSuccessBody') continue;
			const body = response?.[0][0].json;
			if (valueAt(body, rule.properties.key) === rule.properties.value)
				return { status: 'Error', message: rule.properties.message };
		}
		return { status: 'OK', message: 'Connection successful!' };
	} catch (error) {
		const cause = (
			error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
		).cause;
		if (cause?.response) {
			const rule = test.rules?.find(
				(r) => r.type === 'responseCode' && r.properties.value === cause.response!.status,
			);
			if (rule && rule.type === 'responseCode')
				return { status: 'Error', message: rule.properties.message };
			return {
				status: 'Error',
				message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}`,
			};
		}
		if (cause?.code) return { status: 'Error', message: cause.code };
		return { status: 'Error', message: String((error as Error).message) };
	}
}
