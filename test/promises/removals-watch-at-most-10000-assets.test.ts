/**
 * Fire for Removed Assets keeps the id of every asset in scope, so it watches at most 10,000
 * (MAX_IDS, events/asset/watch.ts): a scope of 10,001 fails the poll with what to change (a fake
 * service sorted by name); a scope of 10,000 is read, even when an asset moves within the listing
 * between the polls of a reading and is read twice (it is still one asset; the sandbox).
 */
import { startSandbox } from '../../sandbox/server';
import { TestClock } from '../harness/clock';
import { testTransport } from '../harness/engine';
import { call, changeAsset, OWNER } from '../harness/http';
import { useFakeServers } from '../harness/fake-server';
import { numberedAsset, serveListing } from '../harness/numbered-listing';
import { TriggerHarness } from '../harness/trigger';

const serve = useFakeServers();
/** Polls a reading may take: each reads within its budget. */
const MAX_POLLS = 20;

/** Polls until the first reading has learnt the scope or a poll failed; the polls' outcomes. */
async function firstReading(url: string) {
	const t = new TriggerHarness(
		{ baseUrl: url, apiKey: OWNER },
		{ event: 'asset', options: { removed: true } },
	);
	const learnt = () => (t.state.assets as { watermark?: number } | undefined)?.watermark;
	const polls = [await t.firstPoll()];
	while (learnt() === undefined && !polls.at(-1)!.error && polls.length < MAX_POLLS)
		polls.push(await t.poll());
	return { polls, learnt: learnt() !== undefined };
}

test('a scope of 10,001 assets fails the poll: what to change, as the settings’ failure', async () => {
	const url = await serveListing(
		serve,
		Array.from({ length: 10_001 }, (_, i) => numberedAsset(i)),
	);
	const { polls } = await firstReading(url);
	const { error } = polls.at(-1)!;
	expect(error).toMatchObject({
		message: 'Fire for Removed Assets watches at most 10000 assets, and this scope holds more',
		description:
			'Choose a Folder with fewer assets, or turn Fire for Removed Assets off (created and updated assets have no limit).',
		failure: { cause: 'configuration-invalid' },
	});
});

test('a scope of 10,000 assets is read, one of them read twice as it moved on between polls', async () => {
	// 21 seeded and 9,979 made; 150 ms an answer, polls of at most 1.5 s on the test clock: the
	// reading takes more than one poll, whatever the machine's speed.
	const clock = new TestClock();
	const big = await startSandbox({ jobStepMs: 1e9, assets: 9979, latencyMs: 150, clock });
	try {
		const t = new TriggerHarness(
			{ baseUrl: big.url, apiKey: OWNER },
			{ event: 'asset', options: { removed: true } },
			{ settings: { transport: testTransport({}, clock), pollCeilingMs: 1500 } },
		);
		const first = (await call(big, '/api/public/v1/assets?limit=1')).json.data[0];
		const polls = [await t.firstPoll()];
		// The first asset by name, read by the first poll, now sorts last: the round meets it again.
		await changeAsset(big, first.id, { name: 'zzz moved to the end' });
		while (t.state.assets && (t.state.assets as { round?: object }).round && polls.length < 20)
			polls.push(await t.poll());
		expect(polls.length).toBeGreaterThanOrEqual(2);
		expect(polls.map((poll) => poll.error)).toEqual(polls.map(() => undefined));
		expect((t.state.assets as { ids: string[] }).ids).toHaveLength(10_000);
	} finally {
		await big.close();
	}
});
