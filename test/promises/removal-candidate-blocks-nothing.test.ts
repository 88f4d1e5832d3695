/**
 * Regression (issue 35, defect 4): with Fire for Removed Assets on, a removal candidate whose own
 * request never answers took the whole poll (it was asked before the listing, every poll): two
 * listing requests in six polls, a changed asset never fired. Against the sandbox on a test clock
 * the trigger shares, in each of n8n's modes: the candidate's request hangs at every poll; each
 * poll still reads the listing, and a change elsewhere fires at the next poll. No real waits.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { OWNER, changeAsset, removeAsset } from '../harness/http';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { inject, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness, assetEventsOf } from '../harness/trigger';

const clock = new TestClock();
const env = useSandbox({ clock });

test.each(N8N_MODES)(
	'%s: a removal candidate that never answers keeps nothing from being read: a change elsewhere fires at the next poll',
	async (mode) => {
		const t = new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey: OWNER },
			{ event: 'asset', options: { removed: true } },
			{
				mode,
				settings: { transport: testTransport({}, clock), pollCeilingMs: 5000 },
				budgetMs: 5000,
			},
		);
		expect((await t.activate()).error).toBeUndefined();
		expect((await t.poll()).error).toBeUndefined();
		await removeAsset(env.sandbox, SEED_IDS.stripePayments);
		await inject(env.sandbox, {
			match: `/api/public/v1/assets/${SEED_IDS.stripePayments}`,
			times: 1000,
			fault: 'hang',
		});
		const listings = () => env.sandbox.requests.filter((r) => r.path === '/api/public/v1/assets');
		const fired: string[] = [];
		let before = listings().length;
		for (let poll = 0; poll < 6; poll++) {
			await clock.sleep(60_000);
			if (poll === 2)
				fired.push(`updated ${(await changeAsset(env.sandbox, SEED_IDS.webAnalytics)).name}`);
			const result = await t.poll();
			expect(result.error).toBeUndefined();
			expect({ poll, readTheListing: listings().length > before }).toEqual({
				poll,
				readTheListing: true,
			});
			before = listings().length;
			if (poll === 2) expect(assetEventsOf(result.items)).toEqual(fired);
		}
	},
);
