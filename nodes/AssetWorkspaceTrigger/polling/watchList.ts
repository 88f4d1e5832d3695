/** What an event keeps per watched id (a job, a model) in the node's static data. */

export interface Asked {
	askedAt?: number;
}

/** A copy: a poll never changes the stored state in place. */
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

/** A new top-level value (n8n notices it in every mode); past `max` the oldest unwatched ids go. */
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

/** The watched ids `open` accepts, the ones asked longest ago first. */
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
