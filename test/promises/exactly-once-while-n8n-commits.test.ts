/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Promise: each event fires once whatever the timing, also while n8n is still committing the
 * state of the poll that emitted it. With durable poll cursors n8n 2.41 commits an emitting
 * poll's state only after the poll has returned (`__emit` is not awaited: it reads the workflow
 * again, then commits the cursor with the execution, under the poll's lease fence), and a poll
 * that starts meanwhile reads the state from before it. Before the trigger waited for that
 * state, such a poll fired the same job, version or asset change again, and both executions were
 * committed (seen in a real n8n: a job fired twice). For the Job, Model Version and Asset events,
 * through n8n-core's PollContext against the sandbox (harness/trigger/ holds the commit back):
 * the commit lands late, or the fence refuses it (the event then fires once, from a later poll,
 * after the trigger stops waiting: its clock is moved on by hand, so no test waits); and in
 * n8n's modes whose state is live, nothing waits. About 2 s.
 */
import { KEPT_WITHIN_MS } from '../../nodes/AssetWorkspaceTrigger/polling/processMemory';
import { REAL_CLOCK } from '../../nodes/shared/transport/policy/clock';
import { SEED_IDS } from '../../sandbox/seed';
import { changeAsset, controlJob, newVersion, sleep, startJob } from '../harness/http';
import { TEST_TRANSPORT } from '../harness/engine';
import { useSandbox } from '../harness/fixtures';
import { TriggerHarness, jobEventsOf, type N8nMode } from '../harness/trigger';
import { REVENUE, fired, learn, modelsParam } from '../harness/trigger-events';

const env = useSandbox({ jobStepMs: 1_000_000_000 });

interface Watched {
	parameters: object;
	/** Makes one change the event fires for; answers it as `events` shows it. */
	change: () => Promise<string>;
	events: (items: any[] | null) => string[];
}

/** Each event, watching something the sandbox (reset before each test) lets the test change. */
const EVENTS: Array<[string, () => Promise<Watched>]> = [
	[
		'Job Finished',
		async () => {
			const start = async () => (await startJob(env.sandbox, SEED_IDS.stripePayments)).jobId;
			const jobs: string[] = [await start(), await start()];
			const pending = [...jobs];
			return {
				parameters: { jobIds: jobs.join(', ') },
				change: async () => {
					const jobId = pending.shift()!;
					await controlJob(env.sandbox, jobId, { status: 'failed' });
					return `${jobId} failed`;
				},
				events: jobEventsOf,
			};
		},
	],
	[
		'Model Version',
		async () => ({
			parameters: { event: 'modelVersion', models: modelsParam([REVENUE]) },
			change: async () =>
				`created revenue v${(await newVersion(env.sandbox, REVENUE)).versionNumber}`,
			events: fired,
		}),
	],
	[
		'Asset',
		async () => ({
			parameters: { event: 'asset' },
			change: async () => {
				await sleep(5); // a new updatedAt
				return `updated ${(await changeAsset(env.sandbox, SEED_IDS.webAnalytics)).name}`;
			},
			events: fired,
		}),
	],
];

/** A trigger in `mode` whose clock runs `ahead` ms ahead of the real one (tests move it on). */
async function watching(mode: N8nMode, watched: () => Promise<Watched>) {
	const w = await watched();
	const clock = { ahead: 0, now: () => Date.now() + clock.ahead };
	const transport = {
		...TEST_TRANSPORT,
		clock: { ...REAL_CLOCK, now: clock.now, random: () => 0.5 },
	};
	const t = new TriggerHarness(env.credentials, w.parameters as any, {
		mode,
		settings: { transport },
	});
	await learn(t);
	/** What each execution n8n starts gets, in order. */
	const executions: string[] = [];
	const tick = async () => executions.push(...w.events((await t.poll()).items));
	return { t, clock, w, executions, tick };
}

describe.each(EVENTS)('%s, with durable poll cursors', (_, watched) => {
	test('a poll that starts before n8n commits the emitting poll’s state fires nothing again; after the commit the next change fires at once', async () => {
		const { t, w, executions, tick } = await watching('durable', watched);
		const first = await w.change();
		const emitting = await t.pollWithCommitHeld();
		expect(w.events(emitting.items)).toEqual([first]); // its execution waits for the commit
		await tick(); // the next tick, on the state from before that poll
		emitting.land();
		executions.push(...w.events(emitting.items));
		await tick();
		expect(executions).toEqual([first]);
		const second = await w.change();
		await tick();
		expect(executions).toEqual([first, second]);
		await tick();
		expect(executions).toEqual([first, second]);
	});

	test('the fence refuses the emitting poll’s commit: its change fires once, from a later poll', async () => {
		const { t, clock, w, executions, tick } = await watching('durable', watched);
		const first = await w.change();
		const emitting = await t.pollWithCommitHeld();
		expect(w.events(emitting.items)).toEqual([first]);
		await tick();
		emitting.refuse(); // no execution, no state
		await tick();
		clock.ahead = KEPT_WITHIN_MS; // the trigger stops waiting for it
		await tick();
		await tick();
		expect(executions).toEqual([first]);
	});
});

describe.each(EVENTS)('%s, where the state is live', (_, watched) => {
	test.each(['default', 'n8n1'] as N8nMode[])(
		'%s: a change right after a poll that emitted fires at the next poll, once',
		async (mode) => {
			const { w, executions, tick } = await watching(mode, watched);
			const first = await w.change();
			await tick();
			const second = await w.change();
			await tick();
			expect(executions).toEqual([first, second]);
			await tick();
			expect(executions).toEqual([first, second]);
		},
	);
});
