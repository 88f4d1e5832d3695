/**
 * The trigger's Job Finished event: the first poll over 500 watched jobs (250 of them finished) at
 * 20 ms latency, through n8n-core's PollContext in the bench process (a poll in a running n8n
 * happens at most once a minute, which makes it impractical to time there). Each run is a fresh
 * trigger's first poll, timed around `poll()`; the median of RUNS runs.
 */
import { KEYS, SEED_IDS } from '../sandbox/seed';
import { OWNER } from '../test/harness/http';
import { log, medianOf, RUNS, type Measure } from './measure';

export const WATCHED_JOBS = 500;

export async function jobsTriggerPoll(): Promise<Measure> {
	log(`One trigger poll over ${WATCHED_JOBS} watched jobs at 20 ms latency...`);
	const { startSandbox } = await import('../sandbox/server');
	const { TriggerHarness } = await import('../test/harness/trigger');
	const sandbox = await startSandbox({ latencyMs: 20, jobStepMs: 1_000_000_000 });
	try {
		const ids = Array.from(
			{ length: WATCHED_JOBS },
			() => sandbox.workspace.execute(KEYS[0], SEED_IDS.salesforceOpportunities, 'API', {}).jobId,
		);
		ids.forEach(
			(id, i) => i % 2 === 0 && sandbox.workspace.controlJob(KEYS[0], id, { status: 'success' }),
		);
		const runs: Array<{ ms: number; requests: number }> = [];
		for (let r = 0; r < RUNS; r++) {
			sandbox.requests.length = 0;
			const trigger = new TriggerHarness(
				{ baseUrl: sandbox.url, apiKey: OWNER },
				{ jobIds: ids.join('\n') },
			);
			const started = performance.now();
			const { items } = await trigger.poll();
			const ms = performance.now() - started;
			if (items?.length !== WATCHED_JOBS / 2) throw new Error(`the poll fired ${items?.length}`);
			runs.push({ ms, requests: sandbox.requests.length });
		}
		return medianOf(`first poll of ${WATCHED_JOBS} jobs (250 finished)`, runs);
	} finally {
		await sandbox.close();
	}
}
