/**
 * BENCHMARKS.md's profile of Return All at 0 ms: where the CPU of its first and of a warm run
 * goes, owner by owner (bench/profileReturnAll.ts), and what the node's own share is.
 */
import { count, fmt, markdownTable, percent } from './format';
import {
	JSON_PARSE,
	THIS_NODE_OWNER,
	type ReturnAllProfile,
	type ReturnAllProfiles,
} from './profileReturnAll';

const share = (profile: ReturnAllProfile, owner: string) =>
	profile.shares.find((s) => s.owner === owner)?.ms ?? 0;

/** The node's own CPU in a profile: its code and its JSON.parse (zod's apart). */
export const ownMs = (profile: ReturnAllProfile) =>
	share(profile, THIS_NODE_OWNER) + share(profile, JSON_PARSE);

/** The largest shares of a profile, as a sentence. */
export const profileSummary = (profile: ReturnAllProfile) =>
	profile.shares
		.slice(0, 3)
		.map((s) => `${s.owner} ${percent(s.ms, profile.busyMs)}`)
		.join(', ');

export function profileSection({ first, warm }: ReturnAllProfiles, nodeVersion: string) {
	const rows = first.shares.map((s) => [
		s.owner,
		fmt(s.ms),
		percent(s.ms, first.busyMs),
		fmt(share(warm, s.owner)),
		percent(share(warm, s.owner), warm.busyMs),
	]);
	return `### Where Return All's CPU goes (profile)

Return All of ${count(first.assets)} assets at 0 ms in the bench process (n8n-core's engine,
test/harness/engine/, this node's TypeScript, not the built file; Node.js ${nodeVersion})
against the sandbox over real HTTP, under V8's sampling profiler (bench/profileReturnAll.ts):
the process's first run (nothing compiled yet, as in each \`n8n execute\`) and its second. The
node took ${fmt(first.nodeMs)} and ${fmt(warm.nodeMs)} (wall); the profiles hold ${fmt(first.busyMs)}
and ${fmt(warm.busyMs)} of CPU, the sandbox's answers included. Each sample is charged to the code
that owns it; Node.js's own modules and built-ins (HTTP, sockets, strings) to whoever called
them. This node's own share, its JSON.parse included (zod's, which checks the answers, apart): ${percent(ownMs(first), first.busyMs)}
of the first run, ${percent(ownMs(warm), warm.busyMs)} of the warm one.

${markdownTable(['owner', 'first run: CPU', 'share', 'warm run: CPU', 'share'], rows)}`;
}
