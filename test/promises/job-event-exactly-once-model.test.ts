/**
 * Promise: a watched job that finishes in a selected status fires exactly once; with Fire for Jobs
 * Already Finished off, one that had finished when the trigger first watched it never fires;
 * whatever the timing: answers in any order, faults (on the activation poll too: a job the first
 * poll could not read is watched from that poll, and one finishing after it fires), restarts,
 * clocks and time forms that disagree, in each of n8n's ways of keeping the trigger's state. Checked by a model
 * (fast-check) on simulated time (harness/model/), the service answered in-process.
 * Cost: about 5 s of CPU for the three modes' default runs; AW_MODEL_RUNS multiplies them.
 */
import fc from 'fast-check';

import { useInProcessService } from '../harness/model/in-process';
import { jobScenarioArb, jobStory } from '../harness/model/job-scenario';
import { modelRuns } from '../harness/model/runs';
import { N8N_MODES } from '../harness/trigger';

const service = useInProcessService();

test.each(N8N_MODES)(
	'%s: each selected job fires once; one already finished when first watched, never (option off)',
	async (mode) => {
		const runs = modelRuns(60);
		let fired = 0;
		await fc.assert(
			fc.asyncProperty(jobScenarioArb, async (s) => {
				const story = await jobStory(mode, s, service.use);
				fired += story.fired;
				expect(story.problems).toEqual([]);
			}),
			runs,
		);
		// Not vacuous: the runs fired events, on average more than one each.
		expect(fired).toBeGreaterThan(runs.numRuns!);
	},
);
