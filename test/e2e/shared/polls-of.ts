/** Groups the sandbox's request log into the trigger's polls. */

/**
 * Requests grouped into polls, with each poll's span. A node's polls never overlap in one process,
 * and within a poll each of its lanes asks its next job as soon as the last answer is in, so a
 * poll has a request under way from its first to its last answer: a request that starts once
 * every earlier one has been answered starts the next poll, however soon (two polls can follow
 * each other within a second: n8n's poll at activation and the next tick, or, with durable poll
 * cursors on a loaded machine, a tick run as soon as the poll before has ended). A poll asks each
 * job at most once, so a job asked again starts the next poll too. An n8n stalled for longer than
 * an answer takes can split one poll in two: shorter polls, never a longer one.
 */
export function pollsOf(requests: Array<{ path: string; time: string; durationMs: number }>) {
	const polls: Array<{ start: number; end: number; ids: Set<string> }> = [];
	for (const r of [...requests].sort((a, b) => Date.parse(a.time) - Date.parse(b.time))) {
		const start = Date.parse(r.time);
		const id = r.path.split('/').pop()!;
		const last = polls.at(-1);
		if (last && !last.ids.has(id) && start < last.end) {
			last.end = Math.max(last.end, start + r.durationMs);
			last.ids.add(id);
		} else polls.push({ start, end: start + r.durationMs, ids: new Set([id]) });
	}
	return polls.map((p) => ({ ms: p.end - p.start, requests: p.ids.size }));
}
