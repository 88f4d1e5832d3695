/**
 * One request's attempts (transport.ts, request/loop.ts), over n8n's request helper scripted
 * answer by answer and a test clock: what is sent again and after how long, when it stops, and
 * what its error says. No HTTP, no n8n engine; the clock moves only when everything waits.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	failure,
	GET,
	JOB,
	ok,
	POST,
	scripted,
	START,
	untilSent,
} from '../../harness/scripted-helper';

test('a GET is sent again after each 503, backing off 250, 500 then 1,000 ms, and its answer read', async () => {
	const { transport, sent, gaps } = scripted([
		{ status: 503 },
		{ status: 503 },
		{ status: 502 },
		ok,
	]);
	expect(await transport.request(GET)).toEqual(JOB);
	expect(sent).toHaveLength(4);
	expect(gaps()).toEqual([250, 500, 1000]);
});

test('a GET stops at its 4th attempt and says so; the 5th is never sent', async () => {
	const { transport, sent } = scripted([503, 503, 503, 504, 200].map((status) => ({ status })));
	expect(await failure(transport.request(GET))).toMatchObject({
		message:
			'Asset Workspace API: HTTP 504 with an empty body [504] The service failed: try again later.',
		description: expect.stringContaining(
			'Request: GET /api/public/v1/jobs/j1 (item 0) after 4 attempts.',
		),
		httpCode: '504',
		type: NodeApiError,
	});
	expect(sent).toHaveLength(4);
});

test('a POST a 5xx answered is sent once: it may have queued a job', async () => {
	const { transport, sent } = scripted([{ status: 503 }, ok]);
	const error = await failure(transport.request(POST));
	expect(error.description).toContain('it was not sent again. A job may have been queued');
	expect(sent.map(({ at, options }) => [options.method, at])).toEqual([['POST', START]]);
});

test('a POST is sent again only where it never reached the service: refused, or a 429 or 503 with Retry-After', async () => {
	const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
	const retryAfter = { 'retry-after': '1' };
	const { transport, gaps } = scripted([
		refused,
		{ status: 503, headers: retryAfter },
		{ status: 429, headers: retryAfter },
		ok,
	]);
	expect(await transport.request(POST)).toEqual(JOB);
	// A backoff of half its 500 ms ceiling (the dice say 0.5), then 1 s Retry-Afters plus a tenth.
	expect(gaps()).toEqual([250, 1100, 1100]);
});

test('a POST whose connection was reset is not sent again, and its error says why', async () => {
	const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
	const { transport, sent } = scripted([reset, ok]);
	expect(await failure(transport.request(POST))).toMatchObject({
		message:
			'Asset Workspace API: no answer from https://acme.example; the request may have reached the service, so it was not sent again [connection reset] Check for the job before running it again.',
		type: NodeApiError,
	});
	expect(sent).toHaveLength(1);
});

test('a 404 is null when asked for, an error otherwise; neither is sent again', async () => {
	const tolerated = scripted([{ status: 404 }, ok]);
	expect(await tolerated.transport.requestOrNotFound(GET)).toBeNull();
	expect(tolerated.sent).toHaveLength(1);
	const strict = scripted([{ status: 404 }, ok]);
	expect((await failure(strict.transport.request(GET))).httpCode).toBe('404');
	expect(strict.sent).toHaveLength(1);
});

test('a 2xx is read, any of them; a 3xx is not followed and says where it points', async () => {
	expect(await scripted([{ ...ok, status: 299 }]).transport.request(GET)).toEqual(JOB);
	const moved = scripted([{ status: 300, headers: { location: 'https://other.example/x' } }, ok]);
	const error = await failure(moved.transport.request(GET));
	expect(error.message).toMatch(
		/answered 300 with a redirect to https:\/\/other.example\/x, which this node does not follow/,
	);
	expect(moved.sent).toHaveLength(1);
});

test('a 2xx that is not the contract fails once, naming what is wrong', async () => {
	const html = scripted([{ status: 200, body: '<html>login</html>' }, ok]);
	expect((await failure(html.transport.request(GET))).message).toMatch(
		/^Asset Workspace API: answered 200 with/,
	);
	expect(html.sent).toHaveLength(1);
	const shape = scripted([{ status: 200, body: '{"data":{}}' }]);
	expect((await failure(shape.transport.request(GET))).message).toContain(
		'the answer does not match the API contract',
	);
});

test('a 2xx to a POST that is not the contract: the run was probably queued, and it says so', async () => {
	for (const body of ['<html>login</html>', '{"data":{}}']) {
		const { transport, sent } = scripted([{ status: 200, body }, ok]);
		const error = await failure(transport.request(POST));
		expect(error.message).toMatch(/ The run was probably queued: check before running it again\.$/);
		expect(error.description).toContain(
			'The service accepted the request, so the run was probably queued: check before running it again.',
		);
		expect(sent).toHaveLength(1);
	}
});

test("a Retry-After date is read on the answer's own Date, not on our clock", async () => {
	// The service's clock is 10 minutes ahead: the date means 3 s from its now, not 10 min 3 s.
	const ahead = START + 600_000;
	const date = (ms: number) => new Date(ms).toUTCString();
	const refusal = {
		status: 429,
		headers: { date: date(ahead), 'retry-after': date(ahead + 3000) },
	};
	const { transport, gaps } = scripted([refusal, ok]);
	expect(await transport.request(GET)).toEqual(JOB);
	expect(gaps()).toEqual([3300]);
	expect(transport.serviceTime(START)).toBe(ahead);
});

test('an attempt without an answer is cut off at 30 s and sent again; the deadline cuts the last', async () => {
	const { transport, sent, clock } = scripted(['hang', 'hang', 'hang']);
	const error = await failure(transport.request({ ...GET, until: START + 61_000 }));
	// 30 s, a backoff of 250 ms, 30 s, a backoff of 500 ms: 250 ms were left, under the 1 s backoff.
	expect(sent.map((request) => request.at - START)).toEqual([0, 30_250, 60_750]);
	expect(clock.now() - START).toBe(61_000);
	expect(error.message).toBe(
		'Asset Workspace API: no answer from https://acme.example [timed out] Check the base URL and that the service is up.',
	);
	expect(error.description).toContain('after 3 attempts.');
	expect(error.description).toContain('Cause: no complete answer within 0.3 s.');
});

test('a wait that would outlast the deadline is not begun: the request stops and says why', async () => {
	const { transport, sent, clock } = scripted([{ status: 503 }, ok]);
	const error = await failure(transport.request({ ...GET, until: START + 250 }));
	expect(error.description).toContain('No time was left before the deadline to try again.');
	expect(sent).toHaveLength(1);
	expect(clock.now()).toBe(START);
});

test('cancelled while it waits to retry: it ends at once, and a POST says a job may have run', async () => {
	const reset = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
	const { transport, sent, clock } = scripted([reset, ok]);
	const stop = new AbortController();
	const request = failure(transport.request({ ...POST, signal: stop.signal }));
	await untilSent(sent);
	stop.abort();
	expect(await request).toMatchObject({
		message: 'Asset Workspace API: the execution was cancelled during a request',
		description: expect.stringContaining('A job may have been queued'),
		type: NodeOperationError,
	});
	expect(sent).toHaveLength(1);
	expect(clock.now()).toBe(START);
});

test('cancelled during an attempt: the attempt is dropped and nothing more is sent', async () => {
	const { transport, sent, clock } = scripted(['hang', ok]);
	const stop = new AbortController();
	const request = failure(transport.request({ ...GET, signal: stop.signal }));
	await untilSent(sent);
	stop.abort();
	expect((await request).message).toBe(
		'Asset Workspace API: the execution was cancelled during a request',
	);
	expect(sent).toHaveLength(1);
	expect(clock.now()).toBe(START);
});
