/**
 * The node-type and credential-type registry the n8n server would provide: our node (built with
 * TEST_TRANSPORT) and credential, and any type a test registers.
 */
import type { ICredentialType, INodeType, INodeTypes } from 'n8n-workflow';

import { AssetWorkspaceApi } from '../../../credentials/AssetWorkspaceApi.credentials';
import { AssetWorkspace } from '../../../nodes/AssetWorkspace/AssetWorkspace.node.ts';
import { useThePatientRegexEngine } from '../regex';
import { TEST_TRANSPORT } from './test-transport';

useThePatientRegexEngine();

export const PACKAGE = 'n8n-nodes-asset-workspace';
export const NODE_TYPE = `${PACKAGE}.assetWorkspace`;
export const CREDENTIAL_TYPE = 'assetWorkspaceApi';

export const nodeClasses: Record<string, INodeType> = {
	[NODE_TYPE]: new AssetWorkspace(TEST_TRANSPORT),
};
export const credentialClasses: Record<string, ICredentialType> = {
	[CREDENTIAL_TYPE]: new AssetWorkspaceApi(),
};

export function registerNodeType(type: string, node: INodeType) {
	nodeClasses[type] = node;
}

export const nodeTypes: INodeTypes = {
	getByName: (type) => nodeClasses[type],
	getByNameAndVersion: (type) => nodeClasses[type],
	getKnownTypes: () => ({}),
};
