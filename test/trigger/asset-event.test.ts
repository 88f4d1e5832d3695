/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The trigger's Asset Created or Updated event (events/asset/) through n8n-core's PollContext
 * against the sandbox, in each way n8n keeps a poll's state (see harness/trigger/): new and changed
 * assets fire once each, within a folder only; removals fire once, confirmed by a request, never
 * for another scope; a restart and overlapping polls fire each change once; manual mode changes
 * nothing. A listing longer than one poll (6,021 assets, 150 ms an answer) is read over several
 * polls, each within its budget, the round going on where it stopped, removals fired only when it
 * is whole: on a test clock each mode's trigger and sandbox share, so the answers' latency and the
 * polls' budgets keep their proportions however busy the machine is. About 3 s.
 */
import { SEED_IDS, stableUuid } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { OWNER, call, changeAsset, newAsset, removeAsset, sleep } from '../harness/http';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { inject, requestsOf, rl, useSandbox } from '../harness/fixtures';
import { N8N_MODES, TriggerHarness, type N8nMode } from '../harness/trigger';
import { CHURN, fired, learn, watcherIn } from '../harness/trigger-events';

const F = SEED_IDS.folders;
const ASSETS = { event: 'asset', options: { removed: true } };
const env = useSandbox({ jobStepMs: 1_000_000_000 });

describe.each(N8N_MODES)('n8n mode %s', (mode: N8nMode) => {
	const watch = watcherIn(env, mode);
	describe('Asset Created or Updated', () => {
		const assets = (extra: object = {}) => watch({ event: 'asset', ...extra });

		test('new and changed assets fire once each, as the API gives them', async () => {
			const t = assets();
			await learn(t);
			const created = await newAsset(env.sandbox, { name: 'Ad spend', folderId: F.marketing });
			const first = (await t.poll()).items!;
			expect(first).toEqual([{ event: 'created', ...created }]);
			expect((await t.poll()).items).toBeNull();
			await sleep(5);
			const changed = await changeAsset(env.sandbox, SEED_IDS.stripePayments);
			const stripe = (await t.poll()).items!;
			expect(stripe).toEqual([{ event: 'updated', ...changed }]);
			expect((await t.poll()).items).toBeNull();
		});

		test('within a folder: changes elsewhere fire nothing', async () => {
			const t = assets({ options: { folderId: rl(F.marketing) } });
			await learn(t);
			await changeAsset(env.sandbox, SEED_IDS.stripePayments); // in Finance
			expect((await t.poll()).items).toBeNull();
			await changeAsset(env.sandbox, CHURN); // in Marketing
			expect(fired((await t.poll()).items)).toEqual(['updated Customer Churn Risk']);
		});

		test('a Folder id in capitals is the same folder: its assets are no removal', async () => {
			const t = assets({
				options: { folderId: rl(F.marketing.toUpperCase()), removed: true },
			});
			await learn(t);
			await changeAsset(env.sandbox, CHURN);
			expect(fired((await t.poll()).items)).toEqual(['updated Customer Churn Risk']);
			expect((await t.poll()).items).toBeNull();
			// Compared with the parentFolder ids the API gives (lower case) when a removal is confirmed.
			const asked = env.sandbox.requests.filter((r) => r.query.folderId !== undefined);
			expect(new Set(asked.map((r) => r.query.folderId))).toEqual(new Set([F.marketing]));
		});

		test('removed assets fire once when asked for, confirmed by a request; never otherwise', async () => {
			const on = assets({ options: { removed: true } });
			const off = assets();
			await learn(on);
			await learn(off);
			await removeAsset(env.sandbox, SEED_IDS.legacyLedger);
			expect((await on.poll()).items).toEqual([{ event: 'removed', id: SEED_IDS.legacyLedger }]);
			expect((await on.poll()).items).toBeNull();
			expect((await off.poll()).items).toBeNull();
		});

		test('another Folder starts afresh: the old scope’s assets never fire as removed', async () => {
			const t = assets({ options: { folderId: rl(F.marketing), removed: true } });
			await learn(t);
			t.setParameters({ event: 'asset', options: { folderId: rl(F.finance), removed: true } });
			await learn(t);
			t.setParameters({ event: 'asset', options: { removed: true } }); // the whole workspace
			await learn(t);
			await changeAsset(env.sandbox, SEED_IDS.stripePayments);
			expect(fired((await t.poll()).items)).toEqual(['updated Stripe Payments']);
		});

		test('a removal that cannot be confirmed (500) blocks nothing, and fires once it can be', async () => {
			const t = assets({ options: { removed: true } });
			await learn(t);
			await removeAsset(env.sandbox, SEED_IDS.legacyLedger);
			await inject(env.sandbox, {
				match: `/api/public/v1/assets/${SEED_IDS.legacyLedger}`,
				fault: 'status',
				status: 500,
				times: 1000,
			});
			await changeAsset(env.sandbox, SEED_IDS.webAnalytics);
			expect(fired((await t.poll()).items)).toEqual(['updated Web Analytics Sessions']);
			expect((await t.poll()).items).toBeNull();
			await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
			expect((await t.poll()).items).toEqual([{ event: 'removed', id: SEED_IDS.legacyLedger }]);
			expect((await t.poll()).items).toBeNull();
		});

		test('a restart and overlapping polls fire each change once', async () => {
			const t = assets();
			await learn(t);
			await changeAsset(env.sandbox, SEED_IDS.webAnalytics);
			const results = await t.overlapping(3);
			expect(results.flatMap((r) => fired(r.items))).toEqual(['updated Web Analytics Sessions']);
			t.restart();
			expect((await t.activate()).items).toBeNull();
			expect((await t.poll()).items).toBeNull();
		});

		test('manual mode gives the most recently updated asset and changes nothing', async () => {
			const t = assets();
			await learn(t);
			const [state, saved] = [t.state, t.saved];
			const changed = await changeAsset(env.sandbox, SEED_IDS.postgresOrders);
			expect((await t.poll('manual')).items).toEqual([{ event: 'updated', ...changed }]);
			expect([t.state, t.saved]).toEqual([state, saved]);
			expect(fired((await t.poll()).items)).toEqual([`updated ${changed.name}`]);
		});

		test('an empty Folder: polls fire nothing and fail nothing; Fetch Test Event says it is empty', async () => {
			const empty = await newAsset(env.sandbox, { name: 'Empty', type: 'Folder' });
			const t = assets({ options: { folderId: rl(empty.id), removed: true } });
			const polls = [await t.firstPoll(), await t.poll(), await t.poll()];
			expect(polls.map(({ items, error }) => [items, error])).toEqual(
				polls.map(() => [null, undefined]),
			);
			const { items, error } = await t.poll('manual');
			expect(items).toBeNull();
			expect(error).toMatchObject({
				message: 'No asset in this scope can be read with this API key',
				failure: { cause: 'configuration-invalid' },
			});
		});

		test('a poll with less than half a second to ask asks nothing, fails nothing, keeps nothing', async () => {
			const short = { mode, settings: { pollCeilingMs: 500 } };
			const t = new TriggerHarness({ baseUrl: env.sandbox.url, apiKey: OWNER }, ASSETS, short);
			await call(env.sandbox, '/__sandbox/requests', { method: 'DELETE' });
			expect(await t.poll()).toMatchObject({ items: null, error: undefined });
			expect(requestsOf(env.sandbox)).toEqual([]);
			expect(t.state.assets).toBeUndefined();
		});

		test('a listing that does not answer within the poll fails it, saying so, and keeps nothing', async () => {
			const short = { mode, settings: { pollCeilingMs: 1000 } };
			const t = new TriggerHarness({ baseUrl: env.sandbox.url, apiKey: OWNER }, ASSETS, short);
			await inject(env.sandbox, { match: '/api/public/v1/assets', fault: 'hang', times: 1 });
			const { items, error } = await t.poll();
			expect(items).toBeNull();
			expect(error?.message).toMatch(/^Asset Workspace API: no answer from .* \[timed out\]/);
			expect(t.state.assets).toBeUndefined();
		});

		test('a Folder that is not an id fails the poll, naming the field and the value', async () => {
			const { items, error } = await assets({ options: { folderId: rl('Marketing') } }).poll();
			expect(items).toBeNull();
			expect(error?.message).toMatch(/^Folder must be a UUID, got 'Marketing'/);
		});
	});
});

describe('a listing longer than one poll', () => {
	// 6,021 assets, 150 ms an answer (61 pages, in flight 1, 2, 4, then 8 at a time: about 1.6 s a
	// round), polls of at most 1.5 s: a round takes more than one poll. The three modes run side by
	// side, each against a sandbox of its own, on a clock of its own.
	const CEILING_MS = 1500;
	const bigs = new Map<N8nMode, { big: Sandbox; clock: TestClock }>();
	beforeAll(async () => {
		for (const mode of N8N_MODES) {
			const clock = new TestClock();
			const big = await startSandbox({
				jobStepMs: 1_000_000_000,
				assets: 6000,
				latencyMs: 150,
				clock,
			});
			bigs.set(mode, { big, clock });
		}
	});
	afterAll(async () => {
		await Promise.all([...bigs.values()].map(({ big }) => big.close()));
	});

	test.concurrent.each(N8N_MODES)(
		'n8n mode %s: each poll ends within its budget; the round goes on where it stopped; removals fire only when it is whole',
		async (mode) => {
			const { big, clock } = bigs.get(mode)!;
			const t = new TriggerHarness(
				{ baseUrl: big.url, apiKey: OWNER },
				{ event: 'asset', options: { removed: true } },
				{ mode, settings: { transport: testTransport({}, clock), pollCeilingMs: CEILING_MS } },
			);
			const durations: number[] = [];
			/** Polls until a round ends (restarting n8n after the second poll); returns each poll's events. */
			const wholeRound = async (restartAfter = 2, afterFirstPoll = async () => {}) => {
				const polls: string[][] = [];
				for (let n = 0; n < 40; n++) {
					const result = await t.poll();
					expect(result.error).toBeUndefined();
					durations.push(result.durationMs);
					polls.push(fired(result.items));
					if (n === 0) await afterFirstPoll();
					if (n + 1 === restartAfter) t.restart();
					const state = t.state.assets as any;
					if (state?.watermark !== undefined && state.round === undefined) return polls;
				}
				throw new Error('the round never ended');
			};
			const learning = await wholeRound();
			expect(learning.length).toBeGreaterThanOrEqual(2);
			expect(learning.flat()).toEqual([]);
			// Before the next round an asset early in name order changes; during it, one late in name
			// order changes and one is removed.
			await changeAsset(big, SEED_IDS.campaignAttribution);
			const next = await wholeRound(2, async () => {
				await changeAsset(big, SEED_IDS.webAnalytics);
				await removeAsset(big, stableUuid('generated:5000'));
			});
			// A removal is confirmed by a request in the poll that ends the round, or (when that
			// poll's time ran out) in the next poll, beside its listing; either way only once the
			// round is whole.
			const after = await wholeRound(0);
			const removal = 'removed ' + stableUuid('generated:5000');
			expect([...next.flat(), ...after.flat()].sort()).toEqual([
				removal,
				'updated Campaign Attribution',
				'updated Web Analytics Sessions',
			]);
			expect(next.slice(0, -1).flat().join()).not.toContain('removed');
			expect(after[0].filter((event) => event !== removal)).toEqual([]);
			expect(after.slice(1).flat()).toEqual([]);
			// A poll ends by its window (on the clock, which a busy machine does not move). The polls
			// that took too long, with their durations in ms (none):
			expect(durations.filter((ms) => ms > CEILING_MS)).toEqual([]);
			// The state: the ids in scope (Fire for Removed Assets is on) and a few recent changes.
			const state = t.state.assets as any;
			expect(state.ids).toHaveLength(6020);
			expect(Object.keys(state.recent)).toHaveLength(2);
		},
	);
});
