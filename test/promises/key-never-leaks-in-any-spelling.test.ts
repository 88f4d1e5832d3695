/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: the API key never leaves the credential, in any spelling a server may echo it in (as
 * sent, URL-encoded in upper or lower case, with / kept, JSON-escaped with \/ or \u): never in an
 * output item, an error, or an event the trigger emits. The node (Asset > Get, success and error
 * answers) in n8n's engine, the trigger's Asset and Job events through n8n-core's PollContext,
 * against a fake server that echoes the key. About 2 s.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { sendJson, useFakeServers } from '../harness/fake-server';
import { runNode } from '../harness/engine';
import { json, rl } from '../harness/fixtures';
import { TriggerHarness } from '../harness/trigger';

/** A key that URL-encoding changes (+, / and =). */
const KEY = 'aw_live_AbC+dEf/GhI=';
/** How the echo is written into the answer's JSON text, as a server might. */
const SPELLINGS = [
	['as sent', KEY],
	['URL-encoded', 'aw_live_AbC%2BdEf%2FGhI%3D'],
	['URL-encoded, lower-case hex', 'aw_live_AbC%2bdEf%2fGhI%3d'],
	['URL-encoded, / kept (Python quote)', 'aw_live_AbC%2BdEf/GhI%3D'],
	['URL-encoded, / kept, lower-case hex', 'aw_live_AbC%2bdEf/GhI%3d'],
	['JSON with / as \\/', 'aw_live_AbC+dEf\\/GhI='],
	['JSON with \\u escapes', 'aw\\u005flive_AbC\\u002bdEf/GhI='],
] as const;
/** What must never be shown: every spelling of the key a reader could use. */
const FORMS = [
	KEY,
	'aw_live_AbC%2BdEf%2FGhI%3D',
	'aw_live_AbC%2bdEf%2fGhI%3d',
	'aw_live_AbC%2BdEf/GhI%3D',
	'aw_live_AbC%2bdEf/GhI%3d',
];

const ASSET_ID = '11111111-1111-4111-8111-111111111111';
const JOB_ID = '22222222-2222-4222-8222-222222222222';
const asset = (echo: string) =>
	`{"id":"${ASSET_ID}","name":"Echo","description":"access_token=${echo}","type":"Source",` +
	`"createdAt":"2026-11-01T00:00:00Z","updatedAt":"2026-11-02T00:00:00Z",` +
	`"owner":{"id":null,"displayName":"x ${echo}","email":null},"parentFolder":null,"schedules":[]}`;
const job = (echo: string) =>
	`{"jobId":"${JOB_ID}","status":"success","assetId":"${ASSET_ID}","jobSource":"API",` +
	`"jobSourceId":"${echo}","startedAt":"2026-11-02T00:00:00Z","finishedAt":"2026-11-02T00:01:00Z"}`;

/** Answers every endpoint the tests use, echoing the key as `echo` (an error with `failing`). */
function echoing(echo: string, failing: boolean) {
	return (req: IncomingMessage, res: ServerResponse) => {
		if (failing) {
			const body = `{"error":{"code":"invalid_parameter","message":"bad token access_token=${echo}"}}`;
			return sendJson(res, 400, body);
		}
		const path = new URL(req.url!, 'http://x').pathname;
		if (path.endsWith('/assets')) {
			return sendJson(
				res,
				200,
				`{"data":[${asset(echo)}],"meta":{"limit":100,"offset":0,"hasMore":false}}`,
			);
		}
		if (path.includes('/jobs/')) return sendJson(res, 200, `{"data":${job(echo)}}`);
		return sendJson(res, 200, `{"data":${asset(echo)}}`);
	};
}

const serve = useFakeServers();
async function credentials(echo: string, failing = false) {
	const server = await serve(echoing(echo, failing));
	return { baseUrl: server.url, apiKey: KEY };
}

const leaks = (what: unknown) => {
	const text = JSON.stringify(what);
	return FORMS.filter((form) => text.includes(form) || text.includes(JSON.stringify(form)));
};

describe.each(SPELLINGS)('a server that echoes the key %s', (_name, echo) => {
	test('Asset > Get: the output item carries no spelling of the key', async () => {
		const result = await runNode({
			credentials: await credentials(echo),
			parameters: { resource: 'asset', operation: 'get', assetId: rl(ASSET_ID) },
		});
		const [item] = json(result);
		expect(item.description).toBe('access_token=[redacted]');
		expect(leaks(item)).toEqual([]);
	});

	test('Asset > Get, an error answer: neither message nor description carries it', async () => {
		const result = await runNode({
			credentials: await credentials(echo, true),
			parameters: { resource: 'asset', operation: 'get', assetId: rl(ASSET_ID) },
		});
		expect(result.error?.message).toContain('bad token access_token=[redacted]');
		expect(leaks([result.error?.message, result.error?.description])).toEqual([]);
	});

	test('the trigger’s Asset and Job events: the items they emit carry no spelling of it', async () => {
		const creds = await credentials(echo);
		const assets = new TriggerHarness(creds, { event: 'asset', options: { emitExisting: true } });
		const jobs = new TriggerHarness(creds, { jobIds: JOB_ID });
		const emitted = [(await assets.poll()).items, (await jobs.poll()).items];
		expect(emitted.map((items) => items?.length)).toEqual([1, 1]);
		expect(emitted[0]![0].description).toBe('access_token=[redacted]');
		expect(emitted[1]![0].jobSourceId).toBe('[redacted]');
		expect(leaks(emitted)).toEqual([]);
	});
});
