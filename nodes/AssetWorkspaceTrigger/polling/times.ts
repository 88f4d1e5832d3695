/** The service's times in ms, and when a poll began on its clock (docs/trigger.md, "Clocks"). */
import { MAX_CLOCK_SKEW_MS, parseHttpDate } from '../../shared/transport/policy/serviceClock';

// ISO 8601 with `T` or a space (Python's str(datetime), SQL text), any fraction, a zone or none;
// a zone written as UTC or GMT (as some databases print it) is UTC. A literal in a function, not a
// module constant, so that mutation testing tries each part of it against the tests that read times.
const isoFields = (time: string) =>
	/^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*([Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
		time,
	);

/** A time the service wrote, in ms; undefined when empty or in no form this node reads. */
export function timeOf(time: string | null | undefined): number | undefined {
	if (!time) return undefined;
	const match = isoFields(time.trim());
	if (!match) return parseHttpDate(time);
	const [, year, month, day, hours, minutes, seconds, fraction, zone] = match;
	// A date alone is its midnight; a time without seconds, its first second.
	const fields = [year, month, day, hours, minutes, seconds].map((field) => Number(field ?? 0));
	const at = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
	// Month 13, 31 Feb, 25:00 or 02:00:60 would roll over into another time: not a time at all.
	const check = new Date(at);
	const read = [
		check.getUTCMonth() + 1,
		check.getUTCDate(),
		check.getUTCHours(),
		check.getUTCMinutes(),
		check.getUTCSeconds(),
	];
	if (read.some((field, i) => field !== fields[i + 1])) return undefined;
	const offset = zoneOffsetMs(zone);
	if (offset === undefined) return undefined;
	return at + Math.floor(Number(`0.${fraction ?? ''}`) * 1000) - offset;
}

/** A zone's offset in ms; undefined past 23:59 (`+99:99` is no zone). */
function zoneOffsetMs(zone: string | undefined): number | undefined {
	// Stryker disable next-line Regex: the time pattern lets a zone through only whole
	if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 0;
	const digits = zone.replace(':', '');
	const [hours, minutes] = [Number(digits.slice(1, 3)), Number(digits.slice(3, 5) || 0)];
	if (hours > 23 || minutes > 59) return undefined;
	return (digits.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/** The newest of `times`, in a loop: a spread into Math.max overflows the stack past ~125,000. */
export function newestOf(times: Iterable<string | null | undefined>): number | undefined {
	let newest: number | undefined;
	for (const time of times) {
		const value = timeOf(time);
		// Stryker disable next-line EqualityOperator: an equal time taken again changes nothing
		if (value !== undefined && (newest === undefined || value > newest)) newest = value;
	}
	return newest;
}

/** Within an hour of the Date's time either way, and its second (HTTP dates drop the fraction). */
const within = (time: number, dated: number) =>
	Math.min(Math.max(time, dated - MAX_CLOCK_SKEW_MS), dated + MAX_CLOCK_SKEW_MS + 1000);

/** When a poll that watches jobs began: the newest time the service wrote in what it read. */
export function watchedSince(dated: number, newestWritten: number | undefined): number {
	return within(newestWritten ?? -Infinity, dated);
}

/** When the Asset event's first reading began: its Date, or the service's newest time if later. */
export function firstReadingBegan(dated: number, newestWritten: number | undefined): number {
	return Math.max(dated, within(newestWritten ?? -Infinity, dated));
}

/** The floor a first reading leaves: its start, or the newest change it saw if earlier. */
export function floorAfterFirstReading(began: number, newestSeen: number | undefined): number {
	return Math.max(began - MAX_CLOCK_SKEW_MS, Math.min(began, newestSeen ?? -Infinity));
}
