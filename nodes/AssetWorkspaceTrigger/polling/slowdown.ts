/**
 * A 429 slows the trigger beyond the poll that got it: the time the service asked to wait until
 * is kept in the node's static data, and the next poll's rate gate starts shut until then (and
 * then lets one request through at a time). A poll whose window ends before that asks nothing.
 * No wait longer than the retry policy's (`longestMs`, 60 s) is kept, nor read back: a service
 * that asks for more fails the poll instead, and is asked again by the next poll after 60 s.
 */
const KEY = 'rateLimitedUntil';

/**
 * Until when (ms) an earlier poll was asked to wait, if that is still ahead; a wait further ahead
 * than `longestMs` (an older version kept it) is none: this poll asks, and keeps its own.
 */
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
