/**
 * Regression (review 6): the Asset event on a scope of more than about 125,000 assets failed its
 * first poll with "Maximum call stack size exceeded" (the newest of every time read, spread into
 * Math.max), and every poll after it, so it never learnt the scope and never fired. A fake service
 * of 140,000 assets, in pages of 100: in each of n8n's modes the first reading learns the scope,
 * and then the one asset changed since fires once. About 10 s a reading.
 */
import { OWNER } from '../harness/http';
import { useFakeServers } from '../harness/fake-server';
import { numberedAsset, serveListing } from '../harness/numbered-listing';
import { N8N_MODES, TriggerHarness, type N8nMode } from '../harness/trigger';

const serve = useFakeServers();
// Bounded by polls, not time: a hang guard far above a starved run (three minutes were too few
// beside a mutation run on two cores).
jest.setTimeout(15 * 60_000);
/** Polls a reading may take: each asks for its budget, so a starved machine reads fewer pages in
 * each (quiet: one or two). */
const MAX_POLLS = 40;
/** This test is about size, not n8n's 45 s durable poll timeout (the trigger tests check that),
 * which a starved machine's recording of 140,000 assets can pass: far above it. */
const harness = (url: string, mode: N8nMode = 'default') =>
	new TriggerHarness(
		{ baseUrl: url, apiKey: OWNER },
		{ event: 'asset' },
		{ mode, timeoutMs: 10 * 60_000 },
	);
const COUNT = 140_000;

/** A fake service of COUNT assets (`assets`, which the test may change), in pages of up to 100. */
async function bigService() {
	const assets = Array.from({ length: COUNT }, (_, i) => numberedAsset(i));
	return { assets, url: await serveListing(serve, assets) };
}

/** The trigger's first reading, over as many polls as its budget needs. */
async function learn(t: TriggerHarness) {
	const learnt = () => (t.state.assets as { watermark?: number } | undefined)?.watermark;
	const polls = [await t.firstPoll()];
	while (learnt() === undefined && polls.length < MAX_POLLS) polls.push(await t.poll());
	expect(polls.map((poll) => [poll.error, poll.items])).toEqual(polls.map(() => [undefined, null]));
	expect(learnt()).toBeDefined();
}

test.each(N8N_MODES)('%s: the first reading of 140,000 assets learns the scope', async (mode) => {
	const { url } = await bigService();
	await learn(harness(url, mode));
});

test('default: then an asset changed among the 140,000 fires once', async () => {
	const { assets, url } = await bigService();
	const t = harness(url);
	await learn(t);
	assets[70_000] = numberedAsset(70_000, {
		updatedAt: new Date(Date.now() + 60_000).toISOString(),
	});
	const fired: unknown[] = [];
	for (let poll = 0; poll < MAX_POLLS && fired.length === 0; poll++) {
		const next = await t.poll();
		expect(next.error).toBeUndefined();
		fired.push(...(next.items ?? []).map((item) => [item.event, item.name]));
	}
	expect(fired).toEqual([['updated', 'asset 070000']]);
});
