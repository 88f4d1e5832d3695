/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * How many runs a model-checked property makes, and from which seed. In `npm test` the default
 * runs start from a fixed seed: the model runs on simulated time, so the same seed gives the same
 * runs on any machine, and a verdict (a coverage count too) never rests on chance. A soak
 * (AW_MODEL_RUNS=50, CI's scheduled job: .github/workflows/soak.yml) multiplies the runs and draws
 * a new seed each time, to look where the default runs do not. A failure prints its seed and path
 * and the shrunk scenario; AW_MODEL_SEED and AW_MODEL_PATH replay it.
 */
import type fc from 'fast-check';

const given = Number(process.env.AW_MODEL_RUNS ?? 1);
const times = Number.isFinite(given) && given > 0 ? given : 1;
const DEFAULT_SEED = 20261127;
// Bounded by runs, not time: a hang guard far above a starved run, and a soak's in proportion.
jest.setTimeout(15 * 60_000 * times);

export function modelRuns(defaultRuns: number): fc.Parameters<unknown> {
	const seed = process.env.AW_MODEL_SEED ?? (process.env.AW_MODEL_RUNS ? undefined : DEFAULT_SEED);
	return {
		numRuns: Math.max(1, Math.round(defaultRuns * times)),
		...(seed !== undefined ? { seed: Number(seed), path: process.env.AW_MODEL_PATH } : {}),
	};
}
