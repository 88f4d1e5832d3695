/** The trigger's node type, registered with the engine, and the node a harness polls. */
import type { INode, INodeParameters } from 'n8n-workflow';

import { AssetWorkspaceTrigger } from '../../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts';
import { CREDENTIAL_TYPE, PACKAGE, registerNodeType } from '../engine/node-types';

const TRIGGER_TYPE = `${PACKAGE}.assetWorkspaceTrigger`;
registerNodeType(TRIGGER_TYPE, new AssetWorkspaceTrigger());

/** The trigger node of a harness's workflow. */
export const triggerNodeWith = (parameters: INodeParameters): INode => ({
	id: 'trigger-under-test',
	name: 'Asset Workspace Trigger',
	type: TRIGGER_TYPE,
	typeVersion: 1,
	position: [0, 0],
	parameters,
	credentials: {
		[CREDENTIAL_TYPE]: { id: 'awSandboxCred01', name: 'Asset Workspace Sandbox' },
	},
});
