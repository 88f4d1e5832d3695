/**
 * Who uses a shared n8n (e2e/n8n-host.ts), and when one suite has it to itself. A suite that
 * restarts n8n or kills a worker attaches exclusively: it gets in once no other suite is attached,
 * nobody else attaches until it releases its turn (or detaches), and only it may stop and start
 * n8n's processes meanwhile. A suite waiting for its turn holds nothing, so nobody waits in a
 * circle. Suites that restart n8n (`first`, from their headers' `@restarts-n8n`) go first: the
 * others attach once those have had their turn, or ended without coming (`ended`, from the
 * runner's notes), so a restart waits for nobody. A suite is attached by its process id, and a
 * process that is gone is detached. Decisions only: no clock, no processes of its own.
 */
export type Answer = { ok: true } | { ok: false; waitingFor: string };

export class HostState {
	private readonly attached = new Map<number, string>();
	private exclusive?: number;
	/** Waits for its exclusive turn: nobody else attaches before it (no starving). */
	private wanting?: { pid: number; suite: string };
	private readonly first: Set<string>;

	constructor(
		first: string[],
		private readonly alive: (pid: number) => boolean,
		private readonly ended: (suite: string) => boolean,
	) {
		this.first = new Set(first);
	}

	attach(pid: number, suite: string, exclusive = false): Answer {
		this.prune();
		if (this.attached.has(pid)) return { ok: true };
		if (this.exclusive !== undefined)
			return { ok: false, waitingFor: `${this.attached.get(this.exclusive)}'s exclusive turn` };
		if (this.wanting && this.wanting.pid !== pid)
			return { ok: false, waitingFor: `${this.wanting.suite}'s exclusive turn` };
		if (this.first.size && !this.first.has(suite))
			return { ok: false, waitingFor: `${[...this.first].join(', ')} to restart n8n first` };
		if (exclusive && this.attached.size) {
			this.wanting = { pid, suite };
			return { ok: false, waitingFor: [...this.attached.values()].join(', ') };
		}
		this.wanting = undefined;
		this.attached.set(pid, suite);
		if (exclusive) this.exclusive = pid;
		return { ok: true };
	}

	detach(pid: number) {
		this.release(pid);
		const suite = this.attached.get(pid);
		this.attached.delete(pid);
		if (suite !== undefined) this.first.delete(suite);
	}

	/** Ends the process's exclusive turn: the others may attach (a suite that restarts first is done). */
	release(pid: number) {
		if (this.exclusive !== pid) return;
		this.exclusive = undefined;
		this.first.delete(this.attached.get(pid) ?? '');
	}

	holds(pid: number): boolean {
		return this.exclusive === pid;
	}

	/** The suites attached now (for the host's log). */
	get suites(): string[] {
		return [...this.attached.values()];
	}

	private prune() {
		for (const pid of this.attached.keys()) if (!this.alive(pid)) this.detach(pid);
		if (this.wanting && !this.alive(this.wanting.pid)) this.wanting = undefined;
		for (const suite of this.first) if (this.ended(suite)) this.first.delete(suite);
	}
}
