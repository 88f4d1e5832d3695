/** The transport's clock: time, dice and waits, passed in so that tests can hold them still. */
import * as workflow from 'n8n-workflow';

type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;
// n8n 2.x's `sleep` takes an abort signal; n8n 1.x has `sleepWithAbort` for it.
const sleepUntilAborted: Sleep =
	(workflow as unknown as { sleepWithAbort?: Sleep }).sleepWithAbort ?? workflow.sleep;

/** An attempt's time limit: `signal` aborts when it is over; `release` once it is not needed. */
export interface TimeLimit {
	signal: AbortSignal;
	release: () => void;
}

/** Every wait of the transport goes through `pause`, every attempt's limit through `timeLimit`. */
export interface Clock {
	now: () => number;
	random: () => number;
	pause: typeof pause;
	timeLimit: (ms: number) => TimeLimit;
}

export const REAL_CLOCK: Clock = {
	now: () => Date.now(),
	random: () => Math.random(),
	pause,
	timeLimit: (ms) => ({ signal: AbortSignal.timeout(ms), release: () => {} }),
};

export class CancelledError extends Error {
	constructor() {
		super('The execution was cancelled');
	}
}

/** After `ms` (Infinity: never) or `early`; CancelledError once `signal` aborts; leaves no trace. */
export async function pause(ms: number, signal?: AbortSignal, early?: Promise<unknown>) {
	if (signal?.aborted) throw new CancelledError();
	const racers: Array<Promise<unknown>> = early ? [early] : [];
	const done = new AbortController();
	if (Number.isFinite(ms)) {
		racers.push(sleepUntilAborted(Math.max(0, ms), done.signal).catch(() => {}));
	}
	let onAbort = () => {};
	if (signal) {
		racers.push(
			new Promise<never>((_resolve, reject) => {
				onAbort = () => reject(new CancelledError());
				signal.addEventListener('abort', onAbort);
			}),
		);
	}
	try {
		await Promise.race(racers);
	} finally {
		done.abort();
		signal?.removeEventListener('abort', onAbort);
	}
}
