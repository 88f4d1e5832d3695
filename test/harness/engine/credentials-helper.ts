/** The credentials store the n8n server would provide, for the sandbox's key. */
import {
	ICredentialsHelper,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type Workflow,
} from 'n8n-workflow';

import { credentialClasses } from './node-types';

/** Applies credentials like n8n's CredentialsHelper: generic `authenticate` blocks are resolved as expressions. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes() {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = credentialClasses[typeName];
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate?.type === 'generic') {
			const resolve = (value: string) =>
				String(
					workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					) ?? '',
				);
			for (const [target, entries] of Object.entries(authenticate.properties)) {
				const bag = ((requestOptions as unknown as Record<string, IDataObject>)[target] ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, string>))
					bag[resolve(key)] = resolve(value);
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these nodes');
	}

	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type: string) {
		return this.data[type] ?? {};
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	isCredentialUsableByNode() {
		return true;
	}

	getCredentialsProperties(type: string) {
		return credentialClasses[type].properties;
	}
}
