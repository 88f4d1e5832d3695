/**
 * Promise: the Model Version event fires each new version "created" once and each change of the
 * published version "published" once; nothing from before its first reading (each version that
 * existed then once, with Fire for What Exists); whatever the timing: changes during polls,
 * answers in any order, faults, restarts, in each of n8n's ways of keeping the trigger's state.
 * Checked by a model (fast-check) on simulated time (harness/model/), the service in-process.
 * Cost: about 4 s of CPU for the three modes' default runs; AW_MODEL_RUNS multiplies them.
 */
import fc from 'fast-check';

import { useInProcessService } from '../harness/model/in-process';
import { modelRuns } from '../harness/model/runs';
import { versionScenarioArb, versionStory } from '../harness/model/version-scenario';
import { N8N_MODES } from '../harness/trigger';

const service = useInProcessService();

test.each(N8N_MODES)(
	'%s: each new version and each publishing fires once, nothing from before the first reading',
	async (mode) => {
		const runs = modelRuns(60);
		let fired = 0;
		await fc.assert(
			fc.asyncProperty(versionScenarioArb, async (s) => {
				const story = await versionStory(mode, s, service.use);
				fired += story.fired;
				expect(story.problems).toEqual([]);
			}),
			runs,
		);
		// Not vacuous: the runs fired events, on average more than one each.
		expect(fired).toBeGreaterThan(runs.numRuns!);
	},
);
