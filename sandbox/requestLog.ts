/** One entry of the sandbox's request log, which tests and the control API read. */
import type { FaultKind } from './faults';

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string | string[]>;
	status: number | null;
	fault: FaultKind | null;
	time: string;
	durationMs: number;
	/** The connection closed before the whole answer was written (the client went away, or a fault). */
	unanswered?: true;
}
