/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What goes out for one request (request/prepare.ts, attempt.ts, transport.ts): what n8n's
 * helper is handed, the credential read once per item, what is refused before anything is sent,
 * a gate a previous poll shut, what the execution's cancellation ends, and that an answer or an
 * error never carries the key back. Over a scripted helper (test/harness/scripted-helper.ts).
 */
import { getEventListeners } from 'node:events';
import type { NodeApiError } from 'n8n-workflow';

import {
	assetEnvelopeSchema,
	assetListSchema,
	jobEnvelopeSchema,
} from '../../../nodes/shared/schemas';
import { KEY, scripted, START, untilSent } from '../../harness/scripted-helper';
import { validAsset } from '../../harness/answers';

const JOB = { data: { jobId: 'j1', status: 'running', assetId: 'a1' } };
const ok = { status: 200, body: JSON.stringify(JOB) };
const job = { method: 'GET' as const, path: ['jobs', 'j 1/x'], schema: jobEnvelopeSchema };
const execute = {
	method: 'POST' as const,
	path: ['assets', 'a1', 'execute'],
	body: { parameters: { region: 'EU' } },
	schema: jobEnvelopeSchema,
	itemIndex: 3,
};

/** What a request fails with. */
const failure = async (request: Promise<unknown>) =>
	(await request.then(
		() => {
			throw new Error('the request did not fail');
		},
		(thrown: unknown) => thrown,
	)) as NodeApiError;

test("n8n's helper gets the whole answer whatever its status, no redirects, JSON in and out", async () => {
	const { transport, sent } = scripted([ok, ok]);
	await transport.request({ ...job, qs: { expand: 'x' } });
	await transport.request(execute);
	const [get, post] = sent.map(({ options }) => ({ ...options, abortSignal: undefined }));
	const common = {
		encoding: 'text',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
	};
	expect(get).toEqual({
		...common,
		method: 'GET',
		url: 'https://acme.example/api/public/v1/jobs/j%201%2Fx',
		qs: { expand: 'x' },
		body: undefined,
		headers: { Accept: 'application/json' },
	});
	expect(post).toEqual({
		...common,
		method: 'POST',
		url: 'https://acme.example/api/public/v1/assets/a1/execute',
		qs: undefined,
		body: '{"parameters":{"region":"EU"}}',
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
	});
	expect(sent[0].credentials).toEqual({ baseUrl: 'https://acme.example', apiKey: KEY });
});

test('the credential is read once per item, however many requests the item makes', async () => {
	const { transport, credentialReads } = scripted([ok, ok, ok, ok]);
	await transport.request(job);
	await transport.request({ ...job, itemIndex: 0 });
	await transport.request(execute);
	await transport.request(execute);
	expect(credentialReads).toEqual([0, 3]);
});

test('a page size outside 1 to 100 is refused, naming the field and the value; nothing is sent', async () => {
	const page = {
		status: 200,
		body: JSON.stringify({ data: [], meta: { limit: 1, offset: 0, hasMore: false } }),
	};
	const { transport, sent } = scripted([page, page]);
	const listing = { method: 'GET' as const, path: ['assets'], schema: assetListSchema };
	for (const limit of [0, 101, 2.5]) {
		const error = await failure(transport.request({ ...listing, qs: { limit }, itemIndex: 1 }));
		expect([error.message, error.context.itemIndex]).toEqual([
			expect.stringMatching(new RegExp(`^Page size \\(limit\\).*${limit}`)),
			1,
		]);
	}
	expect(sent).toHaveLength(0);
	await transport.request({ ...listing, qs: { limit: 1 } });
	await transport.request({ ...listing, qs: { limit: 100 } });
	expect(sent.map(({ options }) => options.qs)).toEqual([{ limit: 1 }, { limit: 100 }]);
});

test('a request cancelled before it starts: nothing goes out, and it says it was cancelled', async () => {
	const { transport, sent } = scripted([ok]);
	const error = await failure(transport.request({ ...job, signal: AbortSignal.abort() }));
	expect(error.message).toBe('Asset Workspace API: the execution was cancelled during a request');
	expect(sent).toHaveLength(0);
});

test("the execution's cancellation ends an attempt under way, and no request leaves a listener on it", async () => {
	const { transport, sent, execution, clock } = scripted([ok, 'hang']);
	await transport.request(job);
	expect(getEventListeners(execution.signal, 'abort')).toHaveLength(0);
	const request = failure(transport.request(job));
	await untilSent(sent, 2);
	execution.abort();
	expect((await request).message).toContain('the execution was cancelled during a request');
	expect(clock.now()).toBe(START);
	expect(getEventListeners(execution.signal, 'abort')).toHaveLength(0);
});

test("a gate a previous poll's 429 shut holds the first request until then", async () => {
	const { transport, sent } = scripted([ok], START + 5000);
	expect(transport.rateLimitedUntil).toBe(START + 5000);
	await transport.request(job);
	expect(sent.map(({ at }) => at)).toEqual([START + 5000]);
});

test("a 403 to the listing of all assets is the key's; to anything named, the setting's", async () => {
	const { transport } = scripted(Array(4).fill({ status: 403 }));
	const all = { method: 'GET' as const, path: ['assets'], schema: assetListSchema };
	const causes = [
		await failure(transport.request(all)),
		await failure(transport.request({ ...all, qs: { folderId: 'f1' } })),
		await failure(
			transport.request({ ...all, path: ['assets', 'a1'], schema: assetEnvelopeSchema }),
		),
		await failure(transport.request({ ...all, path: ['folders'] })),
	].map((error) => error.failure?.cause);
	expect(causes).toEqual(['credential-invalid', ...Array(3).fill('configuration-invalid')]);
});

test('a server that echoes the key: neither the answer read nor the error holds it', async () => {
	const echoed = { ...validAsset, description: `Bearer ${KEY}` };
	const { transport } = scripted([
		{ status: 200, body: JSON.stringify({ data: echoed }) },
		{ status: 400, body: JSON.stringify({ error: { message: `bad key ${KEY}` } }) },
	]);
	const asset = { method: 'GET' as const, path: ['assets', 'a1'], schema: assetEnvelopeSchema };
	expect(JSON.stringify(await transport.request(asset))).not.toContain(KEY);
	const error = await failure(transport.request(asset));
	expect(error.message).toContain('bad key');
	expect(JSON.stringify([error.message, error.description, error.context])).not.toContain(KEY);
});
