/**
 * The rate gate as one request meets it (transport.ts, request/loop.ts, policy/gate.ts), over n8n's
 * request helper scripted answer by answer and a test clock: a 429 shuts it for every request for
 * its wait, the refusals others met count as a waiting request's attempts, a wait longer than the
 * node waits fails at once, and a request cancelled while it waits ends at once.
 */
import { failure, GET, JOB, ok, scripted, START, untilSent } from '../../harness/scripted-helper';

test('a 429 shuts the gate for its wait from when it was answered: here 1 s after it went out', async () => {
	const refusal = { status: 429, headers: { 'retry-after': '2' }, after: 1000 };
	const { transport, clock, gaps } = scripted([refusal, ok]);
	const request = transport.request(GET);
	await clock.sleep(1500);
	expect(transport.rateLimitedUntil).toBe(START + 3200);
	await request;
	expect(gaps()).toEqual([3200]);
});

test('the last 429 shuts the gate for its Retry-After even though its request gives up', async () => {
	const refusal = { status: 429, headers: { 'retry-after': '2' } };
	const { transport, sent } = scripted([refusal, refusal, refusal, refusal]);
	expect((await failure(transport.request(GET))).httpCode).toBe('429');
	expect(transport.rateLimitedUntil).toBe(sent[3].at + 2000);
	expect(transport.askedToWaitTooLong).toBe(false);
});

test('two requests refused alike: the refusals met while one waited count as its attempts', async () => {
	const refusal = { status: 429, headers: { 'retry-after': '1' } };
	const { transport, clock, sent } = scripted(Array(10).fill(refusal));
	const first = failure(transport.request(GET));
	await clock.sleep(500);
	const second = failure(transport.request(GET));
	// Each went out when the gate let one through; each of their 4 attempts was refused once.
	for (const error of await Promise.all([first, second]))
		expect(error.description).toContain('after 4 attempts.');
	expect(sent.map((request) => request.at - START)).toEqual([0, 1100, 2200, 3300, 4300]);
});

test('a Retry-After past 60 s is not waited for: it fails at once and names the wait', async () => {
	const { transport, sent } = scripted([{ status: 429, headers: { 'retry-after': '61' } }, ok]);
	expect(await failure(transport.request(GET))).toMatchObject({
		description: expect.stringContaining(
			'The service asked to wait 61 s before retrying, longer than this node waits.',
		),
		httpCode: '429',
	});
	expect(sent).toHaveLength(1);
	expect(transport.askedToWaitTooLong).toBe(true);
});

test('cancelled while a 429 keeps the gate shut: it ends at once, without a rate-limit error', async () => {
	const { transport, sent, clock } = scripted([
		{ status: 429, headers: { 'retry-after': '5' } },
		ok,
	]);
	const stop = new AbortController();
	const request = failure(transport.request({ ...GET, signal: stop.signal }));
	await untilSent(sent);
	stop.abort();
	expect((await request).message).toBe(
		'Asset Workspace API: the execution was cancelled during a request',
	);
	expect(clock.now()).toBe(START);
});

test('a request whose deadline comes before the gate reopens is not sent, and says when it would', async () => {
	const { transport, clock, sent } = scripted([
		{ status: 429, headers: { 'retry-after': '5' } },
		ok,
	]);
	const first = transport.request(GET);
	await untilSent(sent);
	const error = await failure(transport.request({ ...GET, until: clock.now() + 1000 }));
	expect(error).toMatchObject({
		message:
			"Asset Workspace API: rate limited: the service asked to wait 6 s more, past this request's deadline [429] Wait, then try again with fewer requests at once.",
		httpCode: '429',
	});
	expect(sent).toHaveLength(1);
	expect(await first).toEqual(JOB);
});

test('after a wait too long to take, other requests fail unsent until it is over, saying so', async () => {
	const { transport, sent } = scripted([{ status: 429, headers: { 'retry-after': '90' } }, ok]);
	await failure(transport.request(GET));
	const error = await failure(transport.request(GET));
	expect(error.message).toBe(
		'Asset Workspace API: rate limited: the service asked to wait 90 s more [429] Wait, then try again with fewer requests at once.',
	);
	expect(error.description).toContain(
		'The service asked to wait 90 s before retrying, longer than this node waits. This request was not sent.',
	);
	expect(sent).toHaveLength(1);
});

test('five requests refused alike: each gives up after 4 attempts, sent or met, and the gate is free again', async () => {
	const refusal = { status: 429, headers: { 'retry-after': '1' } };
	const replies = Array(20).fill(refusal);
	const { transport, clock, sent } = scripted(replies);
	const errors = await Promise.all(
		Array.from({ length: 5 }, () => failure(transport.request(GET))),
	);
	for (const error of errors) expect(error.description).toContain('after 4 attempts.');
	// Fewer sent than 5 requests of 4 attempts each: a refusal counts for every request waiting.
	expect(sent.length).toBeLessThan(20);
	// Once the last wait is over, a request goes out at once.
	replies.splice(0, replies.length, ok);
	await clock.sleep(1000);
	expect(await transport.request({ ...GET, until: clock.now() + 10 })).toEqual(JOB);
});
