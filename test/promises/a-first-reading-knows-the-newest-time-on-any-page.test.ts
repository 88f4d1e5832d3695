/**
 * A first reading begins, for the Asset event, at the newest time the service wrote on any page
 * it read (the service's clock may be ahead of n8n's), not only on its last: an asset written
 * 30 s ahead of n8n's clock is part of what the first reading learnt, and never fires
 * by itself later, on the first of two pages or the middle of three; an asset created and then
 * changed after the reading fires each time once, after an empty scope's reading too.
 * A fake service of assets sorted by name, its pages of 100.
 */
import { OWNER } from '../harness/http';
import { useFakeServers } from '../harness/fake-server';
import { numberedAsset, serveListing } from '../harness/numbered-listing';
import { N8N_MODES, TriggerHarness } from '../harness/trigger';

const serve = useFakeServers();

const CASES = N8N_MODES.flatMap((mode) => [
	// [mode, assets, the one written ahead (-1: none)]
	[mode, 150, 0] as const,
	[mode, 250, 120] as const,
	[mode, 0, -1] as const,
]);

test.each(CASES)(
	'%s: of %i assets, the one written ahead (at %i) never fires by itself; later changes do',
	async (mode, count, ahead) => {
		const later = new Date(Date.now() + 30_000).toISOString();
		const assets = Array.from({ length: count }, (_, i) =>
			numberedAsset(i, i === ahead ? { updatedAt: later } : {}),
		);
		const url = await serveListing(serve, assets);
		const t = new TriggerHarness({ baseUrl: url, apiKey: OWNER }, { event: 'asset' }, { mode });
		const polls = [await t.firstPoll(), await t.poll(), await t.poll()];
		expect(polls.map(({ items, error }) => [items, error])).toEqual(
			polls.map(() => [null, undefined]),
		);
		// After the reading: an asset created, then changed, fires each once.
		const fired = async () => ((await t.poll()).items ?? []).map((item) => item.event);
		const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
		assets.push(numberedAsset(count, { updatedAt: inMinutes(1), createdAt: inMinutes(1) }));
		expect(await fired()).toEqual(['created']);
		assets[count] = numberedAsset(count, { updatedAt: inMinutes(2), createdAt: inMinutes(1) });
		expect(await fired()).toEqual(['updated']);
		expect(await fired()).toEqual([]);
	},
);
