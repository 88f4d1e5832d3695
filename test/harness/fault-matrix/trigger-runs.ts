/**
 * Runs of the trigger for a fault-matrix cell, as its Outcome: a poll with the fault, then one
 * without, each event firing once over the two.
 */
import { SEED_IDS } from '../../../sandbox/seed';
import { call } from '../http';
import { TriggerHarness } from '../trigger';
import { modelsParam } from '../trigger-events';
import type { Env, Outcome } from './cell';

/** The trigger's job event, two finished jobs watched: each fires once over the two polls. */
export async function triggerRun(env: Env, jobId: string, other: string): Promise<Outcome> {
	const trigger = new TriggerHarness(
		env.credentials,
		{ jobIds: `${jobId}, ${other}` },
		{ settings: { transport: env.settings } },
	);
	const first = await trigger.poll();
	await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
	const second = await trigger.poll();
	const fired = [...(first.items ?? []), ...(second.items ?? [])];
	const firedFor = (id: string) => fired.filter((j) => j.jobId === id).length;
	expect(firedFor(jobId)).toBe(1);
	expect(firedFor(other)).toBe(1);
	expect(fired).toHaveLength(2);
	return {
		ok: !first.error,
		message: first.error?.message,
		everything: JSON.stringify(fired) + String(first.error?.message) + JSON.stringify(first.error),
	};
}

/**
 * The trigger's model-version or asset event, firing what exists: a poll with the fault, then
 * one without. Every version (created, and published) or asset fires once over the two.
 */
export async function eventTriggerRun(env: Env, event: 'modelVersion' | 'asset'): Promise<Outcome> {
	const models = [SEED_IDS.revenueForecast, SEED_IDS.customerChurn];
	const watched = event === 'modelVersion' ? { models: modelsParam(models) } : {};
	const trigger = new TriggerHarness(
		env.credentials,
		{ event, ...watched, options: { emitExisting: true } },
		{ settings: { transport: env.settings } },
	);
	const first = await trigger.poll();
	await call(env.sandbox, '/__sandbox/faults', { method: 'DELETE' });
	const second = await trigger.poll();
	const fired = [...(first.items ?? []), ...(second.items ?? [])];
	const events = fired
		.filter((i) => i.event === 'created' || i.event === 'published')
		.map((i) => `${i.event} ${i.versionId ?? i.id}`);
	const expected =
		event === 'modelVersion'
			? 3 + 1 + 2 // Revenue Forecast's three versions and its published one; Customer Churn's two
			: env.sandbox.workspace.assetCount;
	expect(new Set(events).size).toBe(expected);
	expect(events).toHaveLength(expected);
	return {
		ok: !first.error,
		message: first.error?.message,
		everything: JSON.stringify(fired) + String(first.error?.message) + JSON.stringify(first.error),
	};
}
