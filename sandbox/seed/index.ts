/**
 * The sandbox's seeded workspace: deterministic, realistic sample data. The data is written per
 * kind of asset (folders, models, sources, runnables) with the builders in build.ts.
 */
import { seedFolders } from './folders';
import { seedModels } from './models';
import { seedRunnables } from './runnables';
import { seedSources } from './sources';
import type { StoredAsset } from './types';

export * from './types';
export { KEYS, SEEDED_SECRETS, SEED_IDS, USERS, stableUuid } from './ids';
export { versionOf } from './build';
export { generatedAssets } from './generated';

/** The seeded workspace. Internal-only assets are in it and must never be shown. */
export function seedAssets(): StoredAsset[] {
	return [...seedFolders(), ...seedModels(), ...seedSources(), ...seedRunnables()];
}
