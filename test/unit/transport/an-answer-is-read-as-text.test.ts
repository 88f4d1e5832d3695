/**
 * An attempt reads the answer's body as text, whatever form n8n's request helper hands it in: it
 * asks for text, but n8n's legacy helper gives an empty body as `undefined`, and bytes or parsed
 * JSON are what the helper gives without that option. Text as it is, nothing as empty text, bytes
 * as UTF-8, an object as its JSON. Pure: n8n's helper is played by a function, nothing is sent.
 */
import { attempt, type ApiContext } from '../../../nodes/shared/transport/request/attempt';

/** What `attempt` makes of an answer whose body n8n's helper hands back as `body`. */
async function textOf(body: unknown) {
	const ctx = {
		helpers: {
			httpRequestWithAuthentication: async () => ({ statusCode: 200, headers: {}, body }),
		},
	} as unknown as ApiContext;
	const limit = { signal: new AbortController().signal, release: () => {} };
	const outcome = await attempt(
		ctx,
		{ credential: {}, method: 'GET', url: 'https://a.example' },
		limit,
	);
	return 'text' in outcome ? outcome.text : outcome.error;
}

test.each([
	['text', '{"data":[]}', '{"data":[]}'],
	['empty text', '', ''],
	['undefined', undefined, ''],
	['null', null, ''],
	['bytes', Buffer.from('{"name":"Übersicht"}'), '{"name":"Übersicht"}'],
	['an object', { data: { id: 'a1' } }, '{"data":{"id":"a1"}}'],
])('a body of %s', async (_, body, text) => {
	expect(await textOf(body)).toBe(text);
});
