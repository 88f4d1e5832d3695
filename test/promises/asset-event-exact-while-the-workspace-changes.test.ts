/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: the Asset event fires each change once, nothing that never was, nothing from before its
 * first reading (each asset that existed then once, with Fire for What Exists), each removal once
 * (Fire for Removed Assets), while the workspace changes between and during polls, answers come
 * in any order, faults and budgets cut polls short, n8n restarts and clocks disagree; and a poll
 * the service only asked to wait never fails for want of time; in each of n8n's ways of keeping
 * the trigger's state. Checked by a model (fast-check) on simulated time
 * (harness/model/), n8n-core's PollContext and request helper, the service answered in-process.
 * Cost: about 15 s of CPU for the three modes' default runs; AW_MODEL_RUNS multiplies them.
 */
import fc from 'fast-check';

import { assetScenarioArb, assetStory } from '../harness/model/asset-scenario';
import { useInProcessService } from '../harness/model/in-process';
import { modelRuns } from '../harness/model/runs';
import { N8N_MODES } from '../harness/trigger';

const service = useInProcessService();

test.each(N8N_MODES)(
	'%s: each change once, nothing before the first reading, each removal once, as the docs promise',
	async (mode) => {
		const runs = modelRuns(60);
		let fired = 0;
		let whole = 0;
		await fc.assert(
			fc.asyncProperty(assetScenarioArb, async (s) => {
				const story = await assetStory(mode, s, service.use);
				fired += story.fired;
				whole += Number(story.whole);
				expect(story.problems).toEqual([]);
			}),
			runs,
		);
		// Not vacuous: the runs fired events, on average more than one each; and most of them were
		// checked whole (the others, crowded past a page, for what fired only).
		expect(fired).toBeGreaterThan(runs.numRuns!);
		process.stderr.write(`[asset model ${mode}] checked whole: ${whole} of ${runs.numRuns}\n`);
		expect(whole).toBeGreaterThan(runs.numRuns! / 2);
	},
);
