/**
 * Regression (issue 35, defect 2): with Fire for What Exists, a first reading that spans polls
 * (here the poll's budget ends it after three pages) fired existing assets a second time when
 * more than a page of assets was created ahead of the reading in between: only the last page's
 * ids were kept to recognise repeats. Against the sandbox (400 assets, 400 ms an answer, polls of
 * 1 s) on a test clock the trigger shares, in each of n8n's modes: 150 assets that sort first are
 * created between the first two polls; every existing asset fires "created" exactly once, and
 * so does every new one. No real waits: about 2 s.
 */
import { OWNER, allAssets, newAsset } from '../harness/http';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const clock = new TestClock();
const env = useSandbox({ assets: 379, latencyMs: 400, clock });

test.each(N8N_MODES)(
	'%s: each existing asset fires once though more than a page is created ahead of a first reading that spans polls',
	async (mode) => {
		const existing = await allAssets(env.sandbox);
		expect(existing).toHaveLength(400);
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
		// The first poll read part of the listing: the reading goes on at the next poll.
		expect(first.items!.length).toBeGreaterThan(0);
		expect(first.items!.length).toBeLessThan(400);
		const created: string[] = [];
		for (let n = 0; n < 150; n++)
			created.push((await newAsset(env.sandbox, { name: `!first ${n}` })).id);
		const fired = [...first.items!];
		for (let poll = 0; poll < 6; poll++) {
			await clock.sleep(60_000);
			const next = await t.poll();
			expect(next.error).toBeUndefined();
			fired.push(...(next.items ?? []));
		}
		const ids = fired.filter((i) => i.event === 'created').map((i) => String(i.id));
		expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
		expect(existing.filter((a) => !ids.includes(a.id)).map((a) => a.name)).toEqual([]);
		expect(created.filter((id) => !ids.includes(id))).toEqual([]);
	},
);
