/**
 * Regression (review 6): removal confirmations were asked only after the listing, with what was
 * left of the poll's budget, so on a service slow enough that every poll's listing took the whole
 * budget, a removal was never confirmed and never fired. Here each round is one page that takes
 * about the whole budget (850 ms of 900), on a test clock the trigger and the sandbox share: in
 * each of n8n's modes a removed asset fires once within a few polls, and the rounds go on. No real
 * waits: well under a second a mode.
 */
import { OWNER, allAssets, removeAsset } from '../harness/http';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const clock = new TestClock();
const env = useSandbox({ assets: 0, latencyMs: 850, clock });

test.each(N8N_MODES)(
	'%s: a removal fires once though every listing takes the whole budget',
	async (mode) => {
		const t = new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey: OWNER },
			{ event: 'asset', options: { removed: true } },
			{
				mode,
				settings: { transport: testTransport({}, clock), pollCeilingMs: 1000 },
				budgetMs: 1000,
			},
		);
		expect((await t.firstPoll()).error).toBeUndefined();
		const [gone] = await allAssets(env.sandbox);
		await removeAsset(env.sandbox, gone.id);
		const fired: unknown[] = [];
		for (let poll = 0; poll < 6; poll++) {
			await clock.sleep(60_000);
			const next = await t.poll();
			expect(next.error).toBeUndefined();
			fired.push(...(next.items ?? []));
		}
		expect(fired).toEqual([{ event: 'removed', id: gone.id }]);
	},
);
