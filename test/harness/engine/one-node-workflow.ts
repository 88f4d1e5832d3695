/** A workflow holding just the node under test, as the engine runs it. */
import { Workflow, type INode, type INodeParameters, type INodeTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE, NODE_TYPE, nodeClasses, nodeTypes } from './node-types';

export function workflowWith(node: INode, types: INodeTypes = nodeTypes) {
	return new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes: [node],
		connections: {},
		nodeTypes: types,
		active: false,
	});
}

export function nodeWith(
	parameters: INodeParameters,
	type = NODE_TYPE,
	typeVersion = nodeClasses[NODE_TYPE].description.defaultVersion ?? 1,
): INode {
	return {
		id: 'node-under-test',
		name: 'Asset Workspace',
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'awSandboxCred01', name: 'Asset Workspace Sandbox' } },
	};
}
