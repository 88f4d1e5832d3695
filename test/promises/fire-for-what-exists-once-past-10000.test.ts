/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Regression (review 6): with Fire for What Exists, a first reading of more than 10,000 assets
 * that spans polls fired existing assets a second time when assets were created ahead of it
 * between two polls: it kept the 10,000 most recently changed of the assets it fired, not the
 * last it read, and the shifted listing shows it its last pages again. Against the sandbox (11,600
 * assets, 100 ms an answer, polls of 1 s) on a test clock the trigger shares, in each of n8n's
 * modes: once more than 10,000 have fired, 150 assets that sort first are created; every existing
 * asset fires "created" exactly once. No real waits.
 */
import { OWNER, allAssets, newAsset } from '../harness/http';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const clock = new TestClock();
const env = useSandbox({ assets: 11_579, latencyMs: 100, clock });

test.each(N8N_MODES)(
	'%s: past 10,000 fired, each existing asset fires once though assets are created ahead of the reading',
	async (mode) => {
		const existing = await allAssets(env.sandbox);
		expect(existing).toHaveLength(11_600);
		const t = new TriggerHarness(
			{ baseUrl: env.sandbox.url, apiKey: OWNER },
			{ event: 'asset', options: { emitExisting: true } },
			{
				mode,
				settings: { transport: testTransport({}, clock), pollCeilingMs: 1000 },
				budgetMs: 1000,
			},
		);
		const fired = [...((await t.firstPoll()).items ?? [])];
		const counts = [fired.length];
		let createdAhead = false;
		for (
			let poll = 0;
			poll < 20 && (t.state.assets as { watermark?: number })?.watermark === undefined;
			poll++
		) {
			if (!createdAhead && fired.length > 10_000) {
				for (let n = 0; n < 150; n++) await newAsset(env.sandbox, { name: `!first ${n}` });
				createdAhead = true;
			}
			await clock.sleep(60_000);
			const next = await t.poll();
			expect(next.error).toBeUndefined();
			fired.push(...(next.items ?? []));
			counts.push(fired.length);
		}
		process.stderr.write(`${mode}: fired after each poll ${counts.join(', ')}\n`);
		expect(createdAhead).toBe(true);
		const ids = fired.filter((i) => i.event === 'created').map((i) => String(i.id));
		expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
		expect(existing.filter((a) => !ids.includes(a.id)).map((a) => a.name)).toEqual([]);
	},
);
