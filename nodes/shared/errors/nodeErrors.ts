/**
 * Node errors whose message stays as written, each declaring why it failed (cause.ts). n8n
 * replaces any message that contains a network-error word (EEXIST, ECONNREFUSED, ETIMEDOUT...)
 * with a generic sentence, even when the word is only part of a value the message quotes; these
 * errors keep ours.
 */
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

/**
 * An error none of our rules built (a failed expression, a bug) as a node error declaring its
 * cause; our own errors as they are.
 */
export function nodeErrorOf(node: INode, error: unknown, itemIndex?: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const name = (error as { constructor?: { name?: unknown } })?.constructor?.name;
	const failure = failureOf({ unexpected: typeof name === 'string' ? name : '' });
	return new NodeOperationError(node, error as Error, { itemIndex, failure });
}
