/**
 * Node errors whose message stays as written. n8n replaces any message that contains a
 * network-error word (EEXIST, ECONNREFUSED, ETIMEDOUT...) with a generic sentence, even when
 * the word is only part of a value the message quotes; these errors keep ours.
 */
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';

type OperationOptions = ConstructorParameters<typeof NodeOperationError>[2];
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

/** An API error built only from our own clean fields (no request options: they hold the key). */
export function apiError(
	node: INode,
	fields: JsonObject,
	options: ApiOptions & { message: string },
): NodeApiError {
	return keep(new NodeApiError(node, fields, options), options.message, options.description);
}
