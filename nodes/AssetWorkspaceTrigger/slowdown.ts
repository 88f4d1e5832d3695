/**
 * A 429 slows the trigger beyond the poll that got it: the time the service asked to wait until
 * is kept in the node's static data, and the next poll's rate gate starts shut until then (and
 * then lets one request through at a time). A poll whose window ends before that asks nothing.
 */
const KEY = 'rateLimitedUntil';

/** Until when (ms) an earlier poll was asked to wait, if that is still ahead. */
export function slowedUntil(staticData: Record<string, unknown>, now: number): number | undefined {
	const until = staticData[KEY];
	return typeof until === 'number' && until > now ? until : undefined;
}

/** Keeps this poll's 429 (`until`, 0 for none) for the next poll; forgets one that is past. */
export function keepSlowdown(staticData: Record<string, unknown>, until: number, now: number) {
	if (until > now) staticData[KEY] = until;
	else if (KEY in staticData) delete staticData[KEY];
}
