/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * How many runs a model-checked property makes: its default in `npm test`, times AW_MODEL_RUNS
 * for a soak (AW_MODEL_RUNS=100 npx jest test/promises/...). A failure prints its seed and path
 * and the shrunk scenario; AW_MODEL_SEED and AW_MODEL_PATH replay it.
 */
import type fc from 'fast-check';

const given = Number(process.env.AW_MODEL_RUNS ?? 1);
const times = Number.isFinite(given) && given > 0 ? given : 1;
// Bounded by runs, not time: a hang guard far above a starved run (the 1,000-job property took
// over 3 minutes, niced beside npm test's suites and two busy loops), and a soak's in proportion.
jest.setTimeout(15 * 60_000 * times);

export function modelRuns(defaultRuns: number): fc.Parameters<unknown> {
	const seed = process.env.AW_MODEL_SEED;
	return {
		numRuns: Math.max(1, Math.round(defaultRuns * times)),
		...(seed ? { seed: Number(seed), path: process.env.AW_MODEL_PATH } : {}),
	};
}
