// While polls keep failing, which of them fail where n8n sees them (docs/trigger.md, "When a poll
// fails"): n8n runs the Error Workflow at every failing poll unless its durable scheduler backs off.
const KEY = 'failingPolls';

/**
 * Counts a failing poll of an episode in the trigger's state; whether it fails visibly: the first
 * and every `everyNth` after (1: every one, and nothing is kept).
 */
export function failsVisibly(staticData: Record<string, unknown>, everyNth: number): boolean {
	if (!(everyNth > 1)) return true;
	const before = staticData[KEY];
	const count = (typeof before === 'number' && before >= 0 ? before : 0) + 1;
	staticData[KEY] = count;
	return (count - 1) % Math.floor(everyNth) === 0;
}

/** A poll that worked ends the episode. */
export function endFailingPolls(staticData: Record<string, unknown>) {
	if (KEY in staticData) delete staticData[KEY];
}
