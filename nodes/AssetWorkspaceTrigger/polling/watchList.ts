/**
 * What every event of the trigger keeps per watched id (a job, a model) in the node's static
 * data: read as a copy, asked longest-ago first, written back once as a new top-level value
 * (which n8n's static data notices in every mode), with ids no longer watched forgotten oldest
 * first past a cap.
 */

export interface Asked {
	/** When (ms) the id was last asked for. */
	askedAt?: number;
}

/** A copy of the state kept under `key` in static data (a poll never changes it in place). */
export function readState<T extends object>(
	staticData: Record<string, unknown>,
	key: string,
): Record<string, T> {
	const stored = staticData[key];
	if (typeof stored !== 'object' || stored === null) return {};
	return Object.fromEntries(
		Object.entries(stored as Record<string, T>).map(([id, entry]) => [id, { ...entry }]),
	);
}

/** Stores the state under `key`, the oldest ids not in `watched` forgotten past `max`. */
export function writeState<T>(
	staticData: Record<string, unknown>,
	key: string,
	state: Record<string, T>,
	watched: string[],
	max: number,
) {
	const keep = new Set(watched);
	// Object keys keep insertion order (ids are UUIDs, never integer-like), oldest first.
	let excess = Object.keys(state).length - Math.max(max, keep.size);
	for (const id of Object.keys(state)) {
		if (excess <= 0) break;
		if (!keep.has(id)) {
			delete state[id];
			excess--;
		}
	}
	staticData[key] = state;
}

/** The watched ids to ask for (those `open` accepts), the ones asked longest ago first. */
export function askOrder<T extends Asked>(
	state: Record<string, T>,
	watched: string[],
	open: (entry: T | undefined) => boolean = () => true,
): string[] {
	return watched
		.filter((id) => open(state[id]))
		.map((id, position) => ({ id, position, askedAt: state[id]?.askedAt ?? 0 }))
		.sort((a, b) => a.askedAt - b.askedAt || a.position - b.position)
		.map((entry) => entry.id);
}
