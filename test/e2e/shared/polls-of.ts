/** Groups the sandbox's request log into the trigger's polls. */
import { GAP_MS } from './trigger-settings';

/**
 * Requests grouped into polls, with each poll's span. A poll asks each job at most once and a
 * node's polls never overlap in one process, so a job asked again starts the next poll (two
 * polls can follow each other within seconds: n8n's poll at activation, then the next tick).
 */
export function pollsOf(requests: Array<{ path: string; time: string; durationMs: number }>) {
	const polls: Array<{ start: number; end: number; ids: Set<string> }> = [];
	for (const r of [...requests].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
		const start = Date.parse(r.time);
		const id = r.path.split('/').pop()!;
		const last = polls.at(-1);
		if (last && !last.ids.has(id) && start - last.end < GAP_MS) {
			last.end = Math.max(last.end, start + r.durationMs);
			last.ids.add(id);
		} else polls.push({ start, end: start + r.durationMs, ids: new Set([id]) });
	}
	return polls.map((p) => ({ ms: p.end - p.start, requests: p.ids.size }));
}
