/**
 * Regression (review of issue 35): with Fire for What Exists, a first reading that spans polls
 * stalled for good, with no events and no error, when every asset of the page a poll stopped at
 * was removed before the next poll: it may not start over, so it searched one page at a time
 * forward to the end and back, each poll from scratch, and a poll's budget ended the search each
 * time before it found a page (no page handed on, nothing written, the next poll the same).
 * Against the sandbox (1,000 assets, 400 ms an answer, polls of 1 s: about 3 requests a poll) on
 * a test clock the trigger shares, in each of n8n's modes: what the first poll fired is removed;
 * within 10 polls every other existing asset fires "created", each once. And past 10,000 fired
 * (it may not start over), the first reading ends there and what comes later fires (before: it
 * never ended, nothing fired again). No real waits: about 3 s.
 */
import { OWNER, allAssets, newAsset, removeAsset } from '../harness/http';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const clock = new TestClock();
const env = useSandbox({ assets: 979, latencyMs: 400, clock });

test.each(N8N_MODES)(
	'%s: with Fire for What Exists, a first reading whose page was removed between polls goes on and fires every other existing asset once',
	async (mode) => {
		const existing = await allAssets(env.sandbox);
		expect(existing).toHaveLength(1000);
		const t = new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey: OWNER },
			{ event: 'asset', options: { emitExisting: true } },
			{
				mode,
				settings: { transport: testTransport({}, clock), pollCeilingMs: 1000 },
				budgetMs: 1000,
			},
		);
		const first = await t.activate();
		expect(first.error).toBeUndefined();
		const gone = new Set(first.items!.map((item) => String(item.id)));
		// The first poll read part of the listing: the reading goes on at the next poll.
		expect(gone.size).toBeGreaterThan(0);
		expect(gone.size).toBeLessThan(1000);
		for (const id of gone) await removeAsset(env.sandbox, id);
		const fired = [...first.items!];
		for (let poll = 0; poll < 10; poll++) {
			await clock.sleep(60_000);
			const next = await t.poll();
			expect(next.error).toBeUndefined();
			fired.push(...(next.items ?? []));
		}
		const ids = fired.filter((i) => i.event === 'created').map((i) => String(i.id));
		expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
		const remaining = existing.filter((a) => !gone.has(a.id));
		expect(remaining.filter((a) => !ids.includes(a.id)).map((a) => a.name)).toEqual([]);
		expect(fired.filter((i) => i.event !== 'created')).toEqual([]);
	},
);

// Past 10,000 fired (here: a floor set while learning, as capRecent leaves it) it may not start
// over: the first reading ends there instead (the docs' allowance), and what comes later fires.
test('default: past 10,000 fired, a first reading whose page was removed ends there instead of stalling', async () => {
	const t = new TriggerHarness(
		{ baseUrl: env.sandbox.url, apiKey: OWNER },
		{ event: 'asset', options: { emitExisting: true } },
		{ settings: { transport: testTransport({}, clock), pollCeilingMs: 1000 }, budgetMs: 1000 },
	);
	const first = await t.activate();
	const key = Object.keys(t.saved)[0];
	const saved = t.saved[key] as { assets: { floor?: number; watermark?: number } };
	expect(saved.assets.watermark).toBeUndefined();
	saved.assets.floor = 1;
	t.restart();
	for (const item of first.items!) await removeAsset(env.sandbox, String(item.id));
	const watermark = () => (t.state as { assets?: { watermark?: number } }).assets?.watermark;
	for (let poll = 0; poll < 10 && watermark() === undefined; poll++) {
		await clock.sleep(60_000);
		expect((await t.poll()).error).toBeUndefined();
	}
	expect(watermark()).toBeDefined();
	const later = await newAsset(env.sandbox, { name: '!after the first reading' });
	await clock.sleep(60_000);
	const next = await t.poll();
	expect(next.items?.map((i) => i.id)).toEqual([later.id]);
});
