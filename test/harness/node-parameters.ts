/**
 * A node's parameters as n8n resolves them, with n8n-workflow's getNodeParameters: every default
 * filled in (as the engine runs a node and the editor shows it), or only the values that differ
 * from their defaults (as the editor saves a workflow).
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeTypeDescription,
} from 'n8n-workflow';

export function resolveParameters(
	description: INodeTypeDescription,
	parameters: INodeParameters,
	node: Partial<INode> = {},
	{ defaults = true } = {},
): INodeParameters {
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		defaults,
		false,
		{ typeVersion: 1, ...node } as INode,
		description,
	)!;
}
