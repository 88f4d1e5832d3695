/** Runs the node's pickers (listSearch) through n8n-core's LoadOptionsContext. */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import { additionalDataFor, type SandboxCredentials } from './additional-data';
import { NODE_TYPE, nodeClasses } from './node-types';
import { nodeWith, workflowWith } from './one-node-workflow';

/** Runs a `methods.listSearch` function of the node through n8n-core's LoadOptionsContext. */
export async function listSearch(
	method: string,
	options: {
		credentials: SandboxCredentials;
		parameters?: INodeParameters;
		filter?: string;
		paginationToken?: string;
	},
) {
	const node = nodeWith(options.parameters ?? {});
	// As n8n's dynamic-parameters service does: the editor sends the node's current parameters along.
	const additionalData = {
		...additionalDataFor(options.credentials),
		currentNodeParameters: options.parameters ?? {},
	};
	const context = new LoadOptionsContext(workflowWith(node), node, additionalData, '');
	const search = (nodeClasses[NODE_TYPE].methods?.listSearch ?? {})[method];
	return await search.call(context, options.filter, options.paginationToken);
}
