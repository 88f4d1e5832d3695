/**
 * What goes out and what comes back around the attempts: the credential checked before the
 * first request, the body written as JSON once (so a body that cannot be sent fails with
 * nothing sent), and a 2xx answer parsed, cleaned of the key and checked against its schema.
 */
import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
} from 'n8n-workflow';

import { checkApiKey } from '../apiKey';
import { API_PREFIX, checkBaseUrl } from '../baseUrl';
import { failureOf } from '../cause';
import { inputError, operationError } from '../errors';
import { describeSchemaError, parseAnswer, type Parsed, type Schema } from '../schemas';
import { CREDENTIAL_TYPE, type ApiContext } from './attempt';
import type { FailureDetail, RequestLabel } from './errors';
import { describeBody } from './failures';
import { mayHoldKey, redact, redactJson } from './redact';

/** The largest request body sent; bigger parameters are refused before anything goes out. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function apiPath(path: string[]): string {
	return `${API_PREFIX}/${path.map((segment) => encodeURIComponent(segment)).join('/')}`;
}

export interface Credentials {
	baseUrl: string;
	apiKey: string;
	/** The credential as n8n decrypted it, for n8n to authenticate each request with. */
	decrypted: ICredentialDataDecryptedObject;
}

export async function readCredentials(ctx: ApiContext, itemIndex?: number): Promise<Credentials> {
	const failure = failureOf({ refused: 'credential' });
	type Fields = { baseUrl?: string; apiKey?: string; allowHttp?: boolean };
	const data = await ctx.getCredentials<Fields>(CREDENTIAL_TYPE, itemIndex ?? 0).catch((error) => {
		// None set, deleted, or not decryptable: n8n's own message, declared as the credential's.
		throw new NodeOperationError(ctx.getNode(), error as Error, { itemIndex, failure });
	});
	const url = checkBaseUrl(data.baseUrl, data.allowHttp);
	const key = checkApiKey(data.apiKey);
	if (url.problem !== undefined) {
		throw operationError(ctx.getNode(), redact(url.message, String(data.apiKey ?? '')), {
			itemIndex,
			failure,
			description:
				'Set the workspace address in the "Asset Workspace API" credential, for example https://acme.assetworkspace.example.',
		});
	}
	if (key.message !== undefined) {
		throw operationError(ctx.getNode(), key.message, {
			itemIndex,
			failure,
			description:
				'Paste the whole key into the "Asset Workspace API" credential (create one in your profile under API Keys).',
		});
	}
	return { baseUrl: url.url, apiKey: key.key, decrypted: data };
}

/** The body as JSON text, made before anything is sent. */
export function serialiseBody(node: INode, body: IDataObject, request: RequestLabel): string {
	let text: string | undefined;
	let reason = '';
	try {
		text = JSON.stringify(body);
	} catch (error) {
		reason = `: ${(error as Error)?.message ?? String(error)}`;
	}
	const bytes = text === undefined ? 0 : Buffer.byteLength(text);
	if (text !== undefined && bytes <= MAX_BODY_BYTES) return text;
	throw inputError(
		node,
		text === undefined
			? `Asset Workspace API: the request body cannot be written as JSON${reason}`
			: `Asset Workspace API: the request body is ${bytes} bytes, more than the ${MAX_BODY_BYTES} this node sends`,
		{
			itemIndex: request.itemIndex,
			description: `Request: ${request.method} ${request.path}. Nothing was sent, so no job was queued: send parameters as plain JSON values (text, numbers, true/false, lists, objects).`,
		},
	);
}

/**
 * zod's output with plain prototypes. The zod 4 bundled here (of zod 3.25.76) assigns an answer's
 * own `"__proto__"` key (JSON.parse makes one) to the loose object it builds, which drops the key
 * but makes its value that object's prototype, with inherited properties the answer chose (zod
 * 4.4 skips the key, colinhacks/zod#5898, as zod 3 did). Every object of the output gets back
 * Object's prototype; its own keys stay zod's. Only a text that could spell the key, as written
 * or with `\u` escapes, is walked.
 */
function withPlainPrototypes<T>(text: string, data: T): T {
	if (!text.includes('__proto__') && !text.includes('\\u')) return data;
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
	// A server that echoes the request must not put the key into an output item, however it escapes
	// it.
	const value = mayHoldKey(text, apiKey) ? redactJson(json, apiKey) : json;
	const parsed = parseAnswer(schema, value);
	if (parsed.success) return { data: withPlainPrototypes(text, parsed.data) };
	const message = `the answer does not match the API contract: ${describeSchemaError(parsed.error)}`;
	const hint = `${queued}Check the base URL; if it is right, the service changed its answer and this node needs an update.`;
	return { failure: { status, message, hint, next, attempts, contract: 'shape' } };
}
