// While polls keep failing, which of them fail where n8n sees them (docs/trigger.md, "When a poll
// fails"): n8n runs the Error Workflow at every failing poll unless its durable scheduler backs off.
// An episode's count lives with the trigger's live state in this n8n process, not in the state n8n
// saves: n8n keeps a failing activation poll's state but not that of the polls that work after it,
// so a saved count would outlive its episode. A restart starts a new episode.
const failing = new WeakMap<object, number>();

/** Counts a failing poll of an episode; whether it fails visibly: the first and every `everyNth` after. */
export function failsVisibly(liveState: object, everyNth: number): boolean {
	if (!(everyNth > 1)) return true;
	const count = (failing.get(liveState) ?? 0) + 1;
	failing.set(liveState, count);
	return (count - 1) % Math.floor(everyNth) === 0;
}

/** A poll that worked ends the episode. */
export function endFailingPolls(liveState: object) {
	failing.delete(liveState);
}
