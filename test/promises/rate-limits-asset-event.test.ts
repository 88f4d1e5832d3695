/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: behind a rate limit the trigger's Asset event still reads its whole scope, and
 * honours every Retry-After. A 13-page listing behind 5 requests per 2 s: every round ends, each
 * change fires once, nothing is asked while the service said wait; a 429 whose wait outlasts the
 * poll ends it quietly and slows the next poll too; a poll refused at its first page leaves the
 * round where it was, and the next asks the same page, also when its retry is cut off by the
 * poll's end (before, that poll failed: no answer, timed out). Through n8n-core's PollContext in each of
 * n8n's ways of keeping its state, the three side by side. Each mode's trigger, service and rate
 * limit share a test clock (test/harness/clock.ts), on which polls of 2 s, 2.1 s apart, and waits
 * of a second or two keep their order however busy the machine is: about 2 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { OWNER, changeAsset } from '../harness/http';
import { useServiceProxies, type ServiceProxy } from '../harness/service-proxy';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { inject } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness, assetEventsOf, type N8nMode } from '../harness/trigger';

const sandboxes: Sandbox[] = [];
const serviceProxy = useServiceProxies();
async function sandbox(clock: TestClock, assets = 0) {
	const started = await startSandbox({ jobStepMs: 1_000_000_000, assets, clock });
	sandboxes.push(started);
	return started;
}
afterAll(async () => {
	await Promise.all(sandboxes.map(async (server) => await server.close()));
});

/**
 * Polls `t` every `everyMs` until a round of the listing ends, which is after the service served
 * its last page (offset `lastPage`): a poll the rate limit left without a request changes nothing,
 * and a round may end in the poll that began it. Returns each poll's events.
 */
async function wholeRound(watched: Watched, lastPage: number, what: string) {
	const { t, proxy, clock } = watched;
	const since = proxy.requests.length;
	const served = () =>
		proxy.requests.slice(since).some((r) => r.path.endsWith(`offset=${lastPage}`) && !r.refused);
	const polls: string[][] = [];
	for (let n = 0; n < 30; n++) {
		const started = clock.now();
		const result = await t.poll();
		if (result.error) throw new Error(`${what}, poll ${n + 1}: ${result.error.message}`);
		polls.push(assetEventsOf(result.items));
		if (served() && (t.state.assets as any)?.round === undefined) return polls;
		await clock.sleep(2100 - (clock.now() - started));
	}
	throw new Error(`${what}: the round never ended in 30 polls`);
}

/**
 * A round under way (6,021 assets, 150 ms an answer, polls of 1.4 s), then a poll whose first page
 * is answered 429 with a Retry-After of `seconds`: 2 is longer than the poll has left; 1 is waited
 * for (the dice at 0: exactly 1 s), and the retry, sent 1.15 s into the poll, is cut off by the
 * poll's end at 1.26 s. Either way the poll ends quietly, and the next asks the same page.
 */
async function refusedAtItsFirstPage(mode: N8nMode, seconds: number) {
	const clock = new TestClock(Date.now(), () => 0);
	const service = await startSandbox({ jobStepMs: 1e9, assets: 6000, latencyMs: 150, clock });
	sandboxes.push(service);
	const t = new TriggerHarness(
		{ baseUrl: service.url, apiKey: OWNER },
		{ event: 'asset', options: { removed: true } },
		{ mode, settings: { transport: testTransport({}, clock), pollCeilingMs: 1400 } },
	);
	const offsets = () =>
		service.requests
			.filter((r) => r.path === '/api/public/v1/assets')
			.map((r) => Number(r.query.offset ?? 0));
	expect((await t.poll()).error).toBeUndefined();
	expect((t.state.assets as any).round).toBeDefined();
	const status = { fault: 'status', status: 429, retryAfterSeconds: seconds, times: 1 };
	await inject(service, { match: '/api/public/v1/assets', ...status });
	const asked = offsets().length;
	expect(await t.poll()).toMatchObject({ items: null, error: undefined });
	// The page refused (and, with a wait it could take, the same page again): no removal asked.
	const refused = offsets().slice(asked);
	expect(refused).toEqual(Array(seconds === 1 ? 2 : 1).fill(refused[0]));
	expect(service.requests.length).toBe(offsets().length);
	expect(refused[0]).toBeGreaterThan(0);
	await clock.sleep(2500);
	const before = offsets().length;
	expect((await t.poll()).error).toBeUndefined();
	expect(offsets()[before]).toBe(refused[0]);
}

interface Watched {
	mode: N8nMode;
	t: TriggerHarness;
	clock: TestClock;
	service: Sandbox;
	proxy: ServiceProxy;
}

describe('the Asset event reads a large scope behind a rate limit to its end', () => {
	test('a 13-page listing behind 5 requests per 2 s, polls 2.1 s apart, in each of n8n’s modes: every round ends, each change fires once, nothing is asked while the service said wait', async () => {
		// 1,181 assets: 13 pages of 100, overlapping by two (the last at offset 1176). A poll may take 2 s; the service allows
		// 5 requests per 2 s; polls come 2.1 s apart. Each mode has its own service and clock.
		const watch = async (mode: N8nMode): Promise<Watched> => {
			const clock = new TestClock();
			const service = await sandbox(clock, 1160);
			const proxy = await serviceProxy(service, {
				rateLimit: { requests: 5, windowMs: 2000 },
				now: clock.now,
			});
			const credentials = { baseUrl: proxy.url, apiKey: OWNER };
			const t = new TriggerHarness(
				credentials,
				{ event: 'asset' },
				{ mode, settings: { transport: testTransport({}, clock), pollCeilingMs: 2000 } },
			);
			// Fetch Test Event first, as a user would: it changes nothing.
			expect((await t.poll('manual')).error).toBeUndefined();
			return { mode, t, clock, service, proxy };
		};
		const triggers = await Promise.all(N8N_MODES.map(watch));
		const learnt = await Promise.all(
			triggers.map((watched) => wholeRound(watched, 1176, `${watched.mode}, first round`)),
		);
		for (const { service } of triggers) {
			await changeAsset(service, SEED_IDS.campaignAttribution); // early in name order
			await changeAsset(service, SEED_IDS.webAnalytics); // last in name order
		}
		const next = await Promise.all(
			triggers.map((watched) => wholeRound(watched, 1176, `${watched.mode}, second round`)),
		);
		for (const [index, { mode, proxy }] of triggers.entries()) {
			const refused = proxy.requests.filter((r) => r.refused);
			process.stderr.write(
				`[rate-limited Asset event, ${mode}] rounds of ${learnt[index].length} and ${next[index].length} polls, ${proxy.requests.length} requests, ${refused.length} answered 429\n`,
			);
			expect({ mode, learnt: learnt[index].flat() }).toEqual({ mode, learnt: [] });
			expect({ mode, fired: next[index].flat().sort() }).toEqual({
				mode,
				fired: ['updated Campaign Attribution', 'updated Web Analytics Sessions'],
			});
			// The limit was met, and honoured: after a 429 no request went out until its Retry-After
			// had passed. Requests already under way when it came (pages side by side) arrive at the
			// same time on the clock, which does not move while a request is under way.
			expect(refused.length).toBeGreaterThan(0);
			for (const r of refused) {
				const early = proxy.requests.filter(
					(other) => other.at > r.refused!.at && other.at < r.refused!.at + r.refused!.retryAfterMs,
				);
				expect({ mode, refusedAt: r.refused!.at, early }).toEqual({
					mode,
					refusedAt: r.refused!.at,
					early: [],
				});
			}
		}
	});

	test.each(N8N_MODES)(
		'%s: a poll refused at its first page leaves the round where it was; the next goes on from there',
		async (mode) => await refusedAtItsFirstPage(mode, 2),
	);

	test.each(N8N_MODES)(
		'%s: refused at its first page, its retry cut off as the poll ends: it ends quietly all the same',
		async (mode) => await refusedAtItsFirstPage(mode, 1),
	);

	test.each(N8N_MODES)(
		'%s: pages cut off by the poll’s end, after others were read, end it quietly; the next goes on',
		async (mode) => {
			// 1 s an answer, polls of 3 s (2.7 s to ask): the pages asked at 2 s are cut off at 2.7 s.
			const clock = new TestClock();
			const service = await startSandbox({ jobStepMs: 1e9, assets: 6000, latencyMs: 1000, clock });
			sandboxes.push(service);
			const t = new TriggerHarness(
				{ baseUrl: service.url, apiKey: OWNER },
				{ event: 'asset' },
				{ mode, settings: { transport: testTransport({}, clock), pollCeilingMs: 3000 } },
			);
			const first = await t.poll();
			expect({ items: first.items, error: first.error?.message }).toEqual({
				items: null,
				error: undefined,
			});
			const { last } = (t.state.assets as any).round;
			expect(last).toBeDefined();
			expect((await t.poll()).error).toBeUndefined();
			expect((t.state.assets as any).round?.last).not.toEqual(last);
		},
	);

	test.each(N8N_MODES)(
		'%s: a 429 whose wait outlasts the poll ends it quietly; the next poll asks nothing until the wait is over',
		async (mode) => {
			const clock = new TestClock();
			const service = await sandbox(clock);
			const credentials = { baseUrl: service.url, apiKey: OWNER };
			const t = new TriggerHarness(
				credentials,
				{ event: 'asset' },
				{ mode, settings: { transport: testTransport({}, clock), pollCeilingMs: 1000 } },
			);
			await inject(service, {
				match: '/api/public/v1/assets',
				fault: 'status',
				status: 429,
				retryAfterSeconds: 2,
				times: 1,
			});
			const first = await t.poll();
			expect({ items: first.items, error: first.error?.message }).toEqual({
				items: null,
				error: undefined,
			});
			const asked = service.requests.length;
			expect((await t.poll()).error).toBeUndefined(); // within the wait: nothing asked
			expect(service.requests).toHaveLength(asked);
			await clock.sleep(2_500);
			expect((await t.poll()).error).toBeUndefined();
			expect(service.requests.length).toBeGreaterThan(asked);
			expect((t.state.assets as any).watermark).toBeDefined(); // the round ended
		},
	);
});
