/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * How many runs a model-checked property makes: its default in `npm test`, times AW_MODEL_RUNS
 * for a soak (AW_MODEL_RUNS=100 npx jest test/promises/...). A failure prints its seed and path
 * and the shrunk scenario; AW_MODEL_SEED and AW_MODEL_PATH replay it.
 */
import type fc from 'fast-check';

const given = Number(process.env.AW_MODEL_RUNS ?? 1);
const times = Number.isFinite(given) && given > 0 ? given : 1;
// A soak's runs take longer than jest's hang guard (3 minutes), in proportion.
if (times > 1) jest.setTimeout(180_000 * times);

export function modelRuns(defaultRuns: number): fc.Parameters<unknown> {
	const seed = process.env.AW_MODEL_SEED;
	return {
		numRuns: Math.max(1, Math.round(defaultRuns * times)),
		...(seed ? { seed: Number(seed), path: process.env.AW_MODEL_PATH } : {}),
	};
}
