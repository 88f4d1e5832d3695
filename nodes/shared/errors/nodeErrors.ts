// Node errors whose message stays as written (n8n would swap one that quotes a word such as EEXIST
// for a generic sentence), each declaring why it failed.
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

import { failureOf } from './cause';

type OperationOptions = NonNullable<ConstructorParameters<typeof NodeOperationError>[2]>;
type ApiOptions = NonNullable<ConstructorParameters<typeof NodeApiError>[2]>;

function keep<E extends NodeOperationError | NodeApiError>(
	error: E,
	message: string,
	description?: string | null,
): E {
	error.message = message;
	if (description) error.description = description;
	return error;
}

export function operationError(
	node: INode,
	message: string,
	options: OperationOptions = {},
): NodeOperationError {
	return keep(new NodeOperationError(node, message, options), message, options?.description);
}

/** Bad input, refused before anything is sent: the node's settings must change. */
export function inputError(node: INode, message: string, options: OperationOptions = {}) {
	return operationError(node, message, { ...options, failure: failureOf({ refused: 'input' }) });
}

/** An API error built only from our own clean fields (no request options: they hold the key). */
export function apiError(
	node: INode,
	fields: JsonObject,
	options: ApiOptions & { message: string },
): NodeApiError {
	return keep(new NodeApiError(node, fields, options), options.message, options.description);
}

/** An error none of our rules built (a failed expression, a bug), with its cause; ours as is. */
export function nodeErrorOf(node: INode, error: unknown, itemIndex?: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const name = (error as { constructor?: { name?: unknown } })?.constructor?.name;
	const failure = failureOf({ unexpected: typeof name === 'string' ? name : '' });
	return new NodeOperationError(node, error as Error, { itemIndex, failure });
}
