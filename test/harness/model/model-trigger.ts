/**
 * The trigger as the model checker runs it: n8n-core's PollContext through the trigger harness,
 * in one of n8n's ways of keeping its state, on the world's simulated time. n8n's sequence is
 * kept: a poll at activation, one per tick, and after a restart an activation poll again (none
 * with durable poll cursors). Every poll's items and error are kept for the invariants.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { testTransport } from '../engine';
import { TriggerHarness, type N8nMode } from '../trigger';
import type { World } from './world';

export interface ModelPoll {
	/** When it began, on n8n's clock, and how long it took. */
	at: number;
	durationMs: number;
	kind: 'activation' | 'tick' | 'settle';
	items: IDataObject[];
	error?: string;
	/** The poll found no state of the event under `stateKey`: it began the event's first reading. */
	learning: boolean;
	/** n8n kept what the poll learnt: its state was saved, or no restart came after it. */
	remembered: boolean;
}

export class ModelTrigger {
	readonly polls: Array<ModelPoll & { saved: boolean }> = [];
	private readonly harness: TriggerHarness;

	constructor(
		private readonly world: World,
		readonly mode: N8nMode,
		parameters: INodeParameters,
		apiKey: string,
		pollCeilingMs: number,
		private readonly stateKey: string,
	) {
		this.harness = new TriggerHarness({ baseUrl: 'https://aw.example', apiKey }, parameters, {
			mode,
			settings: { transport: testTransport({}, world.clock), pollCeilingMs },
			budgetMs: pollCeilingMs,
			timeoutMs: Math.max(45_000, pollCeilingMs),
		});
	}

	/** Every item fired, with the poll it came from. */
	get fired(): Array<IDataObject & { poll: number }> {
		return this.polls.flatMap((poll, index) =>
			poll.items.map((item) => ({ ...item, poll: index })),
		);
	}

	async activate() {
		await this.run('activation', () => this.harness.activate());
	}

	async poll(kind: 'tick' | 'settle' = 'tick') {
		await this.run(kind, () => this.harness.poll());
	}

	/** n8n restarts: the workflow is built again from what was saved, and activated. */
	async restart() {
		// What polls since the last save learnt in memory is gone (with durable poll cursors, a poll
		// not committed lost it at once).
		for (let i = this.polls.length - 1; i >= 0 && !this.polls[i].saved; i--)
			this.polls[i].remembered = false;
		this.harness.restart();
		// With durable poll cursors n8n runs no activation poll at a restart.
		if (this.mode !== 'durable') await this.activate();
	}

	private async run(kind: ModelPoll['kind'], poll: () => ReturnType<TriggerHarness['poll']>) {
		const at = this.world.clock.now();
		const learning = !(this.stateKey in this.harness.state);
		const before = JSON.stringify(this.harness.saved);
		const result = await this.world.drive(poll());
		const saved = JSON.stringify(this.harness.saved) !== before;
		this.world.story.push(
			`${this.world.clock.now()} ${kind} poll: ${result.items?.length ?? 0} items${result.error ? `, ${result.error.message}` : ''}`,
		);
		this.polls.push({
			at,
			durationMs: result.durationMs,
			kind,
			items: result.items ?? [],
			error: result.error?.message,
			learning,
			remembered: saved || this.mode !== 'durable',
			saved,
		});
	}
}
