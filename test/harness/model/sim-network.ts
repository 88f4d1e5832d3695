/**
 * Between the node and the simulated workspace: each request gets the next planned fault and
 * latency, and its answer is made when the world serves it (so the workspace may have changed
 * since it was asked, and answers may come in any order); a hung request ends only when the node
 * gives up on it. Every answer is logged for the invariants.
 */
import { networkError, type Serve, type SimResponse } from './in-process';
import { dateHeader, type SimWorkspace } from './sim-service';
import type { World } from './world';

export type FaultKind =
	| 'ok'
	| '429'
	| '429-long'
	| '500'
	| '502'
	| '503'
	| '504'
	| 'hang'
	| 'reset'
	| 'html'
	| 'empty-body'
	| 'malformed-json';

export interface Fault {
	kind: FaultKind;
	latencyMs: number;
	/** A 429's Retry-After in seconds. */
	retryAfterS?: number;
}

export interface Served {
	at: number;
	path: string;
	offset?: number;
	status: number | 'reset' | 'hung' | 'cancelled';
	/** The ids and names a listing page held, and whether it ended the listing. */
	ids?: string[];
	names?: string[];
	last?: boolean;
	/** A job's answer said it had finished. */
	finished?: boolean;
	/** The fault the request met, if any. */
	fault?: FaultKind;
}

export class SimNetwork {
	readonly log: Served[] = [];
	private asked = 0;
	/** False once the scenario's faults are over (the settling polls). */
	faulty = true;
	/** The latency of requests past the planned faults (slow: a poll's budget holds a few). */
	quietLatencyMs = 20;

	constructor(
		private readonly world: World,
		private readonly workspace: SimWorkspace,
		private faults: Fault[],
		private readonly apiKey: string,
	) {}

	private readonly stuck = new Set<string>();
	private pagesServed = 0;
	/** Runs right after each listing page is served, with how many have been (a change at a seam). */
	afterPage?: (pages: number) => void;

	/** Requests of `path` never answer, whatever the plan says (a record the service chokes on). */
	hangs(path: string) {
		this.stuck.add(path);
	}

	/** Requests for an asset that is gone never answer (a service that chokes on deleted rows). */
	goneHangs = false;

	private hangsNow(path: string) {
		if (this.stuck.has(path)) return true;
		const id = /^\/api\/public\/v1\/assets\/([^/]+)$/.exec(path)?.[1];
		return this.goneHangs && id !== undefined && !this.workspace.assets.has(id);
	}

	/** The faults of the requests from now on, in the order they come. */
	plan(faults: Fault[]) {
		this.faults = faults;
		this.asked = 0;
	}

	readonly serve: Serve = async (request) =>
		await new Promise<SimResponse>((resolve, reject) => {
			const path = request.url.pathname;
			const planned = this.faulty ? this.faults[this.asked++] : undefined;
			const quiet: Fault = { kind: 'ok', latencyMs: this.quietLatencyMs };
			const fault: Fault = this.hangsNow(path)
				? { kind: 'hang', latencyMs: 0 }
				: (planned ?? quiet);
			const offset = request.url.searchParams.get('offset');
			const entry: Served = {
				at: this.world.clock.now(),
				path,
				offset: offset === null ? undefined : Number(offset),
				status: 'hung',
				...(fault.kind === 'ok' ? {} : { fault: fault.kind }),
			};
			this.log.push(entry);
			// A request the node cancels is answered to no one: its page was not read.
			const cancel = () => {
				if (entry.status !== 'hung') return;
				entry.status = 'cancelled';
				entry.at = this.world.clock.now();
				reject(new Error('aborted'));
			};
			request.signal?.addEventListener('abort', cancel, { once: true });
			if (fault.kind === 'hang') return;
			const label = `${path}${offset === null ? '' : `?offset=${offset}`} (${fault.kind})`;
			this.world.schedule(
				label,
				() => {
					if (entry.status === 'cancelled') return;
					entry.at = this.world.clock.now();
					if (fault.kind === 'reset') {
						entry.status = 'reset';
						return reject(networkError('ECONNRESET', 'socket hang up'));
					}
					const answer = this.answer(request.authorization, request.url, fault);
					entry.status = answer.status;
					if (answer.status === 200 && path.includes('/jobs/'))
						entry.finished = ['success', 'warning', 'failed'].includes(
							(JSON.parse(answer.body) as { data: { status: string } }).data.status,
						);
					if (answer.status === 200 && entry.offset !== undefined) {
						const page = JSON.parse(answer.body) as {
							data: Array<{ id: string; name: string }>;
							meta: { hasMore: boolean };
						};
						entry.ids = page.data.map((a) => a.id);
						entry.names = page.data.map((a) => a.name);
						entry.last = !page.meta.hasMore;
						this.afterPage?.(++this.pagesServed);
					}
					resolve(answer);
				},
				this.world.clock.now() + fault.latencyMs,
			);
		});

	private answer(authorization: string | undefined, url: URL, fault: Fault): SimResponse {
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		const date = dateHeader(this.world.clock.now(), this.workspace.clocks);
		if (date !== undefined) headers.date = date;
		const json = (status: number, body: unknown) => ({
			status,
			headers,
			body: JSON.stringify(body),
		});
		if (fault.kind === '429' || fault.kind === '429-long') {
			headers['retry-after'] = String(fault.retryAfterS ?? (fault.kind === '429' ? 1 : 120));
			return json(429, { error: { code: 'rate_limited', message: 'Too many requests' } });
		}
		if (fault.kind === '500' || fault.kind === '503')
			return json(Number(fault.kind), {
				error: { code: 'unavailable', message: 'Unexpected error' },
			});
		if (authorization !== `Bearer ${this.apiKey}`)
			return json(401, { error: { code: 'unauthorized', message: 'Invalid API key' } });
		const { status, body } = this.workspace.answer(url.pathname, url.searchParams);
		return json(status, body);
	}
}
