/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What the tests of the trigger's Model Version and Asset events share: a trigger in one of n8n's
 * ways of keeping a poll's state, the models to watch, and the events fired as short strings.
 */
import { SEED_IDS } from '../../sandbox/seed';
import type { SandboxCredentials } from './engine';
import { rl } from './fixtures';
import { TriggerHarness, type N8nMode } from './trigger';

export const REVENUE = SEED_IDS.revenueForecast;
export const CHURN = SEED_IDS.customerChurn;
export const modelsParam = (ids: string[]) => ({
	model: ids.map((id) => ({ assetId: rl(id) })),
});

/** The events fired, as short strings. */
export const fired = (items: any[] | null) =>
	(items ?? []).map((i) =>
		i.assetId
			? `${i.event} ${i.assetId === REVENUE ? 'revenue' : i.assetId} v${i.versionNumber ?? '-'}`
			: `${i.event} ${i.name ?? i.id}`,
	);

/** Triggers on `env`'s sandbox in n8n mode `mode`; with `key`, another API key. */
export const watcherIn =
	(env: { credentials: SandboxCredentials }, mode: N8nMode) => (parameters: object, key?: string) =>
		new TriggerHarness(
			key ? { ...env.credentials, apiKey: key } : env.credentials,
			parameters as any,
			{ mode },
		);

/** Activation, then the first tick: both learn what exists (durable cursors keep no null activation). */
export async function learn(t: TriggerHarness) {
	expect((await t.activate()).items).toBeNull();
	expect((await t.poll()).items).toBeNull();
}
