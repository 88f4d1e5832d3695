/**
 * `npm run sandbox -- --churn <ms>`: the workspace changing on its own, so the trigger's
 * model-version and asset events have something to fire on, in memory that does not grow: each
 * step a new version of Revenue Forecast (every other one published; its canvas is the newest
 * one's with the churn tool changed, not added; the model keeps MAX_KEPT_VERSIONS) and a change
 * to Stripe Payments; every ASSET_EVERY steps a new asset in Marketing, and the one made
 * ASSETS_KEPT such steps before it removed.
 */
import { changeAsset, createAsset, removeAsset } from './changes';
import { SEED_IDS, type SandboxKey } from './seed';
import { createVersion } from './versions';
import type { Workspace } from './workspace';

export const ASSET_EVERY = 5;
export const ASSETS_KEPT = 3;

export class Churn {
	private steps = 0;
	/** Ids of the assets churn made that may still exist, oldest first. */
	private made: string[] = [];

	constructor(
		private readonly workspace: Workspace,
		private readonly key: SandboxKey,
	) {}

	step() {
		const step = ++this.steps;
		const { workspace, key } = this;
		const model = SEED_IDS.revenueForecast;
		const newest = workspace.assets.get(model)?.versions?.at(-1);
		const tool = {
			id: 'churn',
			type: 'Filter',
			position: { x: 1400, y: 40 },
			config: { expression: `step ${step}` },
		};
		const nodes = (newest?.nodes ?? []).filter((n) => n.id !== tool.id);
		// What a user removed (until a reset brings it back) is left out, not an error.
		if (newest)
			createVersion(workspace, key, model, {
				comment: `Churn ${step}`,
				publish: step % 2 === 0,
				nodes: [...structuredClone(nodes), tool],
			});
		if (workspace.assets.has(SEED_IDS.stripePayments))
			changeAsset(workspace, key, SEED_IDS.stripePayments, { description: `Churn ${step}` });
		if (step % ASSET_EVERY !== 0) return;
		const made = createAsset(workspace, key, {
			name: `Churn feed ${step}`,
			folderId: SEED_IDS.folders.marketing,
		});
		this.made.push(made.id);
		if (this.made.length <= ASSETS_KEPT) return;
		const old = this.made.shift()!;
		if (workspace.assets.has(old)) removeAsset(workspace, key, old);
	}
}
