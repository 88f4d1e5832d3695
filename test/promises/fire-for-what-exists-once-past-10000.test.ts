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
import { OWNER, allAssets, changeAsset, newAsset } from '../harness/http';
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

// Settles issue 52's question: past 10,000 fired, the changes a first reading forgets raise the
// floor to the newest of their times. Kept in the order they were read, an asset changed (or
// renamed forward and read again) early in the reading was forgotten first, so the floor jumped
// to its recent time and hid a change made meanwhile to an asset on a page already read: it never
// fired. The forgotten are now the oldest changes outside the last half read.
test.each(N8N_MODES)(
	'%s: past 10,000 fired, a change made meanwhile to an asset already read fires at the next reading',
	async (mode) => {
		const existing = await allAssets(env.sandbox);
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
		expect(fired.length).toBeGreaterThan(10);
		// On a page the first poll read: one changed now; then, later, one renamed forward, which
		// the reading reads again well before it has fired 10,000.
		const read = existing[5];
		const changed = await changeAsset(env.sandbox, read.id);
		await clock.sleep(1000);
		const forward = `${existing[5000].name} renamed forward`;
		await changeAsset(env.sandbox, existing[10].id, { name: forward });
		const watermark = () => (t.state.assets as { watermark?: number })?.watermark;
		let rounds = 0;
		for (let poll = 0; poll < 40 && rounds < 2; poll++) {
			const before = watermark();
			await clock.sleep(60_000);
			const next = await t.poll();
			expect(next.error).toBeUndefined();
			fired.push(...(next.items ?? []));
			if (watermark() !== before) rounds++;
		}
		expect(rounds).toBe(2);
		const itsChange = fired.filter((i) => i.id === read.id && i.updatedAt === changed.updatedAt);
		expect(itsChange.map((i) => i.event)).toEqual(['updated']);
	},
);
