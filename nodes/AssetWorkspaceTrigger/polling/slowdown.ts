/** A 429 slows the next poll too (docs/trigger.md, "Every poll ends within its budget"). */
const KEY = 'rateLimitedUntil';

/** Until when an earlier poll was asked to wait; past `longestMs` (an older version's) is none. */
export function slowedUntil(
	staticData: Record<string, unknown>,
	now: number,
	longestMs: number,
): number | undefined {
	const until = staticData[KEY];
	return typeof until === 'number' && until > now && until <= now + longestMs ? until : undefined;
}

/** Keeps this poll's 429 (`until`, 0 for none; `longestMs` at most); forgets one that is past. */
export function keepSlowdown(
	staticData: Record<string, unknown>,
	until: number,
	now: number,
	longestMs: number,
) {
	if (until > now) staticData[KEY] = Math.min(until, now + longestMs);
	else if (KEY in staticData) delete staticData[KEY];
}
