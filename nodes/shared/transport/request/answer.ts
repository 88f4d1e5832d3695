/** What comes back: a 2xx answer parsed, cleaned of the key and checked against its schema. */
import type { FailureDetail } from '../../errors/requestErrors';
import { describeBody } from '../../errors/failureText';
import { mayHoldKey, redactJson } from '../../redact';
import { describeSchemaError, parseAnswer, type Parsed, type Schema } from '../../schemas';

// zod 4 makes an answer's own `"__proto__"` key the prototype of the object it builds
// (colinhacks/zod#5898). Every answer is walked: the walk costs a fraction of the parse.
function withPlainPrototypes<T>(data: T): T {
	const stack: unknown[] = [data];
	while (stack.length > 0) {
		const value = stack.pop();
		if (typeof value !== 'object' || value === null) continue;
		if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype)
			Object.setPrototypeOf(value, Object.prototype);
		for (const child of Object.values(value)) stack.push(child);
	}
	return data;
}

/** A 2xx answer as the schema's data, or what is wrong with it (for requestFailure). */
export function readAnswer<T extends Schema>(
	text: string,
	schema: T,
	apiKey: string,
	context: { method: string; status: number; attempts: number },
): { data: Parsed<T> } | { failure: FailureDetail } {
	const { status, attempts } = context;
	const next =
		context.method === 'POST'
			? 'The run was probably queued: check before running it again.'
			: 'Check the base URL.';
	// A garbled answer to an execute still means the service took the request.
	const queued =
		context.method === 'POST'
			? 'The service accepted the request, so the run was probably queued: check before running it again. '
			: '';
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		const message = `answered ${status} with ${describeBody(text, apiKey).summary}`;
		const hint = `${queued}The answer did not come from the Asset Workspace API as expected: check the base URL (a proxy or login page answers HTML).`;
		return { failure: { status, message, hint, next, attempts, contract: 'not-json' } };
	}
	// A server that echoes the request must not put the key into an output item.
	const value = mayHoldKey(text, apiKey) ? redactJson(json, apiKey) : json;
	const parsed = parseAnswer(schema, value);
	if (parsed.success) return { data: withPlainPrototypes(parsed.data) };
	const message = `the answer does not match the API contract: ${describeSchemaError(parsed.error)}`;
	const hint = `${queued}Check the base URL; if it is right, the service changed its answer and this node needs an update.`;
	return { failure: { status, message, hint, next, attempts, contract: 'shape' } };
}
