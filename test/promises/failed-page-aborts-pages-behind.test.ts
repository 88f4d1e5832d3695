/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Guards that a failed page of a listing aborts the pages in flight behind it: their requests are
 * cancelled (the connection closes, no answer is read and thrown away) and no page after them is
 * asked for, in Return All (n8n's engine) and in the Asset event's poll (n8n-core's PollContext),
 * over real HTTP against the sandbox. The page at offset 294 (pages of 100 overlap by two) fails
 * with a 500 after 300 ms while the pages at 392, 490 and 588 (the window: 1, 2, then 4 pages)
 * never answer; the attempt time
 * limit and the poll's window are set far away, so only the abort ends them. Cost: about 1 s (a
 * run that does not abort hangs until each test's 20 s time limit).
 */
import { OWNER } from '../harness/http';
import { testTransport, runNode } from '../harness/engine';
import { inject, useSandbox } from '../harness/fixtures';
import { TriggerHarness } from '../harness/trigger';
import type { Sandbox } from '../../sandbox/server';

const sandbox = useSandbox({ assets: 1979 }); // 2,000 assets, 20 pages
const FAR = 10 * 60_000;
const LISTING = '/api/public/v1/assets';

async function failFourthPage(target: Sandbox) {
	await inject(target, [
		{
			match: LISTING,
			query: { offset: '294' },
			times: 1,
			fault: 'status',
			status: 500,
			delayMs: 300,
		},
		...['392', '490', '588'].map((offset) => ({
			match: LISTING,
			query: { offset },
			times: 1,
			fault: 'hang',
		})),
	]);
}

/** The listing requests the sandbox saw, once it has seen the three hanging ones closed. */
async function listingRequests(target: Sandbox) {
	const listing = () => target.requests.filter((r) => r.path === LISTING);
	for (let waited = 0; waited < 2000; waited += 20) {
		if (listing().filter((r) => r.unanswered).length >= 3) break;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	return listing().map((r) => ({
		offset: Number(r.query.offset),
		status: r.status,
		unanswered: r.unanswered === true,
	}));
}

const expected = [
	{ offset: 0, status: 200, unanswered: false },
	{ offset: 98, status: 200, unanswered: false },
	{ offset: 196, status: 200, unanswered: false },
	{ offset: 294, status: 500, unanswered: false },
	{ offset: 392, status: null, unanswered: true },
	{ offset: 490, status: null, unanswered: true },
	{ offset: 588, status: null, unanswered: true },
];
const byOffset = (a: { offset: number }, b: { offset: number }) => a.offset - b.offset;

test("Return All: the page's error; the pages behind it are cancelled and none after them is asked", async () => {
	await failFourthPage(sandbox.sandbox);
	const result = await runNode({
		credentials: sandbox.credentials,
		parameters: { resource: 'asset', operation: 'getAll', returnAll: true },
		settings: testTransport({ attemptTimeoutMs: FAR }),
	});
	expect(result.error?.message).toBe(
		'Asset Workspace API: Injected fault: status 500. [500 internal_error] The service failed: try again later.',
	);
	expect((await listingRequests(sandbox.sandbox)).sort(byOffset)).toEqual(expected);
});

test("the Asset event's poll: the page's error; the pages behind it are cancelled and none after them is asked", async () => {
	await failFourthPage(sandbox.sandbox);
	const trigger = new TriggerHarness(
		{ baseUrl: sandbox.sandbox.url, apiKey: OWNER },
		{ event: 'asset' },
		{ settings: { transport: testTransport({ attemptTimeoutMs: FAR }), pollCeilingMs: FAR } },
	);
	const { error } = await trigger.poll();
	expect(error?.message).toBe(
		'Asset Workspace API: Injected fault: status 500. [500 internal_error] The service failed: try again later.',
	);
	expect((await listingRequests(sandbox.sandbox)).sort(byOffset)).toEqual(expected);
});
