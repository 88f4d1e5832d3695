/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The model checker's scheduler: what is ready to happen now (an answer to serve, a change to the
 * workspace) happens in the order the generated `picks` choose; when nothing is ready, simulated
 * time moves to the next timer. Work in between runs to quiescence (all microtasks and a few turns
 * of the event loop: no real I/O or timer takes part).
 */
import { SimClock } from './sim-clock';

/** Turns of the event loop that let everything that can happen without time or I/O happen. */
const QUIET_TURNS = 4;

const turn = async () => await new Promise((resolve) => setImmediate(resolve));

export class World {
	readonly clock: SimClock;
	private readonly ready: Array<{ label: string; run: () => void }> = [];
	private picked = 0;
	/** What happened, in order, for a counterexample's story. */
	readonly story: string[] = [];

	constructor(
		start: number,
		private readonly picks: number[],
		seed: number,
	) {
		let state = seed >>> 0 || 1;
		// A seeded xorshift: the transport's jitter is part of the run, not of the machine.
		const random = () => {
			state ^= state << 13;
			state ^= state >>> 17;
			state ^= state << 5;
			return (state >>> 0) / 2 ** 32;
		};
		this.clock = new SimClock(start, random);
	}

	/** `run` happens at simulated time `at` (now, by default), in an order the picks choose. */
	schedule(label: string, run: () => void, at = this.clock.now()) {
		const enqueue = () => this.ready.push({ label, run });
		if (at <= this.clock.now()) enqueue();
		else this.clock.at(at, enqueue);
	}

	/** Runs until `task` settles: what is ready first, in the picks' order, then time. */
	async drive<T>(task: Promise<T>): Promise<T> {
		let settled = false;
		const watched = task.finally(() => (settled = true));
		watched.catch(() => {});
		for (let steps = 0; ; steps++) {
			for (let i = 0; i < QUIET_TURNS; i++) await turn();
			if (settled) return await watched;
			if (steps > 200_000) throw new Error('the world ran 200,000 steps without the task ending');
			if (this.ready.length > 0) {
				const pick = this.picks[this.picked++ % Math.max(1, this.picks.length)] ?? 0;
				const [next] = this.ready.splice(pick % this.ready.length, 1);
				this.story.push(`${this.clock.now()} ${next.label}`);
				next.run();
			} else if (!this.clock.advance()) {
				throw new Error('nothing is ready and no timer is set, but the task has not ended');
			}
		}
	}

	/** Lets time pass to `at`, running what becomes ready on the way (changes, late answers). */
	async passTo(at: number) {
		let reached = false;
		this.clock.at(at, () => (reached = true));
		await this.drive(
			(async () => {
				while (!reached) await turn();
			})(),
		);
	}
}
