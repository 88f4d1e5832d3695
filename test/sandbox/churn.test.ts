/**
 * `--churn` runs for hours in bounded memory, and still gives the trigger's events something to
 * fire on. 3,600 steps (an hour at `--churn 1000`) on an injected clock, not real time: the JSON of
 * every model's versions and the number of assets stop growing, while versions keep being created
 * and published and assets created, changed and removed. About 1 s.
 */
import { ASSETS_KEPT, ASSET_EVERY, Churn } from '../../sandbox/churn';
import { KEYS, SEED_IDS } from '../../sandbox/seed';
import { MAX_KEPT_VERSIONS } from '../../sandbox/versions';
import { Workspace } from '../../sandbox/workspace';

const STEPS = 3_600;
const CHECK_EVERY = 200;

test(`${STEPS} churn steps keep the versions' JSON and the asset count bounded; events go on`, () => {
	let clock = Date.parse('2026-11-24T00:00:00Z');
	const workspace = new Workspace({ jobStepMs: 1000, generated: 0, now: () => clock });
	const churn = new Churn(workspace, KEYS[0]);
	const models = () => [...workspace.assets.values()].filter((a) => a.versions);
	const versionsJson = () => models().reduce((n, m) => n + JSON.stringify(m.versions).length, 0);
	const seeded = { assets: workspace.assets.size, json: versionsJson() };
	const revenue = () => workspace.assets.get(SEED_IDS.revenueForecast)!.versions!;
	const stripe = () => workspace.assets.get(SEED_IDS.stripePayments)!;

	const sizes: number[] = [];
	for (let step = 1; step <= STEPS; step++) {
		clock += 1000;
		churn.step();
		if (step % CHECK_EVERY !== 0) continue;
		sizes.push(versionsJson());
		// Once the cap is reached the JSON only grows with the digits of step numbers and times.
		expect(sizes.at(-1)!).toBeLessThan(seeded.json + 200_000);
		expect(sizes.at(-1)!).toBeLessThanOrEqual(sizes[0] * 1.02);
		expect(workspace.assets.size).toBeLessThanOrEqual(seeded.assets + ASSETS_KEPT);
		expect(revenue().length).toBeLessThanOrEqual(MAX_KEPT_VERSIONS);
	}

	// Versions go on being created, every other one published, the published one kept.
	const versions = revenue();
	expect(versions.at(-1)).toMatchObject({ versionNumber: 3 + STEPS, comment: `Churn ${STEPS}` });
	expect(versions.at(-1)!.published).toBe(STEPS % 2 === 0);
	expect(versions.filter((v) => v.published)).toHaveLength(1);
	expect(versions.map((v) => v.versionNumber)).toEqual(
		[...versions.map((v) => v.versionNumber)].sort((a, b) => a - b),
	);
	// The canvas is the newest seeded one with one churn tool, changed each step, not added.
	expect(versions.at(-1)!.nodes.filter((n) => n.id === 'churn')).toEqual([
		expect.objectContaining({ config: { expression: `step ${STEPS}` } }),
	]);
	// Stripe Payments changed at the last step; the newest churn assets exist, older ones removed.
	expect(stripe()).toMatchObject({ description: `Churn ${STEPS}`, updatedAt: workspace.stamp() });
	const churned = [...workspace.assets.values()].filter((a) => a.name.startsWith('Churn feed'));
	expect(churned.map((a) => a.name)).toEqual(
		Array.from(
			{ length: ASSETS_KEPT },
			(_, i) => `Churn feed ${STEPS - (ASSETS_KEPT - 1 - i) * ASSET_EVERY}`,
		),
	);
	expect(workspace.assetCount).toBe(workspace.listAssets(KEYS[0], 100, 0).data.length);
});

test('churn goes on after a reset, and when what it changes was removed', () => {
	const workspace = new Workspace({ jobStepMs: 1000, generated: 0 });
	const seeded = workspace.assets.size;
	const churn = new Churn(workspace, KEYS[0]);
	for (const id of [SEED_IDS.revenueForecast, SEED_IDS.stripePayments])
		workspace.deleteAsset(workspace.assets.get(id)!);
	for (let step = 1; step <= ASSET_EVERY * 2; step++) churn.step();
	expect(workspace.assets.size).toBe(seeded - 2 + 2); // two removed, two churn assets made
	workspace.reset();
	// What it made before the reset is gone: it is not removed a second time.
	for (let step = 1; step <= ASSET_EVERY * (ASSETS_KEPT + 2); step++) churn.step();
	expect(workspace.assets.size).toBe(seeded + ASSETS_KEPT);
});
