/**
 * What the transport refuses before anything goes out, each with an error that says why and is the
 * user's to fix: a credential n8n cannot read, a base URL that is not one (with no key to hide in
 * it), a body that JSON cannot write or that is too big. Pure: no HTTP, no n8n engine.
 */
import { NodeOperationError, type IDataObject, type INode } from 'n8n-workflow';

import {
	MAX_BODY_BYTES,
	readCredentials,
	serialiseBody,
} from '../../../nodes/shared/transport/request/prepare';
import type { ApiContext } from '../../../nodes/shared/transport/request/attempt';

const NODE = { id: 'n', name: 'Asset Workspace', type: 't', typeVersion: 1 } as INode;
const LABEL = { method: 'POST', path: '/api/public/v1/assets/a1/execute', itemIndex: 2 };

/** A context whose credential read gives `data`, or fails as n8n's does when none is set. */
const contextWith = (data: object | Error) =>
	({
		getNode: () => NODE,
		getCredentials: async () => {
			if (data instanceof Error) throw data;
			return data;
		},
	}) as unknown as ApiContext;

/** What the error `run` throws (or rejects with) says, and that it is the node's refusal. */
const refusal = async (run: () => unknown) => {
	const error = await (async () => run())().then(
		() => undefined,
		(thrown: unknown) => thrown,
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	const { message, description, failure, context } = error as NodeOperationError;
	return { message, description, failure, itemIndex: context.itemIndex };
};

test("a credential n8n cannot read: n8n's own message, the credential's failure, for its item", async () => {
	const unreadable = new Error('Node "Asset Workspace" does not have any credentials set');
	expect(await refusal(() => readCredentials(contextWith(unreadable), 2))).toMatchObject({
		message: 'Node "Asset Workspace" does not have any credentials set',
		failure: { cause: 'credential-invalid' },
		itemIndex: 2,
	});
});

test('a base URL that is not one, with no key set: said as it is, the credential to fix', async () => {
	expect(await refusal(() => readCredentials(contextWith({ baseUrl: 'acme.example' }), 1))).toEqual(
		{
			message: "Base URL is not a URL, got 'acme.example'",
			description:
				'Set the workspace address in the "Asset Workspace API" credential, for example https://acme.assetworkspace.example.',
			failure: { cause: 'credential-invalid' },
			itemIndex: 1,
		},
	);
});

test('a key too short to be one: its length (never the key), the credential to fix', async () => {
	const short = contextWith({ baseUrl: 'https://acme.example', apiKey: 'aw_1' });
	expect(await refusal(() => readCredentials(short, 0))).toEqual({
		message: 'API Key is 4 characters long: an Asset Workspace API key is longer',
		description:
			'Paste the whole key into the "Asset Workspace API" credential (create one in your profile under API Keys).',
		failure: { cause: 'credential-invalid' },
		itemIndex: 0,
	});
});

test('a body that holds itself: refused, with why, before anything is sent', async () => {
	const loop: IDataObject = {};
	loop.self = loop;
	expect(await refusal(() => serialiseBody(NODE, loop, LABEL))).toMatchObject({
		message: expect.stringMatching(
			/^Asset Workspace API: the request body cannot be written as JSON: Converting circular structure to JSON/,
		),
		description:
			'Request: POST /api/public/v1/assets/a1/execute. Nothing was sent, so no job was queued: send parameters as plain JSON values (text, numbers, true/false, lists, objects).',
		itemIndex: 2,
	});
});

test('a body of exactly the most bytes goes out as JSON; one byte more is refused', () => {
	const sized = (bytes: number) => ({ text: 'x'.repeat(bytes - '{"text":""}'.length) });
	expect(serialiseBody(NODE, sized(MAX_BODY_BYTES), LABEL)).toHaveLength(MAX_BODY_BYTES);
	expect(() => serialiseBody(NODE, sized(MAX_BODY_BYTES + 1), LABEL)).toThrow(
		`Asset Workspace API: the request body is ${MAX_BODY_BYTES + 1} bytes, more than the ${MAX_BODY_BYTES} this node sends`,
	);
});
