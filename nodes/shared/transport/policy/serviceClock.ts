// The service's clock against ours, from its answers' `Date` headers (RFC 9110's HTTP dates only);
// why the lowest offset the answers allow: docs/development.md, "The service's clock".

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * IMF-fixdate, RFC 850 and asctime, each with the order of its groups (day, month, year, time).
 * Built at each call, not once at load: a pattern made at load is out of mutation testing's reach.
 */
function httpDateForms(): Array<{ pattern: RegExp; order: (groups: string[]) => string[] }> {
	const day = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
	const longDay = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
	const month = `(${MONTHS.join('|')})`;
	const time = '(\\d{2}):(\\d{2}):(\\d{2})';
	return [
		{ pattern: new RegExp(`^${day}, (\\d{2}) ${month} (\\d{4}) ${time} GMT$`), order: (g) => g },
		{
			pattern: new RegExp(`^${longDay}, (\\d{2})-${month}-(\\d{2}) ${time} GMT$`),
			order: (g) => g,
		},
		{
			pattern: new RegExp(`^${day} ${month} ( \\d|\\d{2}) ${time} (\\d{4})$`),
			order: ([month, day, h, m, s, year]) => [day, month, year, h, m, s],
		},
	];
}

const fullYear = (year: string) =>
	year.length === 2 ? Number(year) + (Number(year) >= 70 ? 1900 : 2000) : Number(year);

/** An HTTP date in ms; undefined for anything else (Date.parse would read `0` as 2000-01-01). */
export function parseHttpDate(header: string | string[] | undefined): number | undefined {
	const value = (Array.isArray(header) ? header[0] : header)?.trim();
	if (!value) return undefined;
	for (const { pattern, order } of httpDateForms()) {
		const match = pattern.exec(value);
		if (!match) continue;
		const [day, month, year, hours, minutes, seconds] = order(match.slice(1));
		const fields = [
			fullYear(year),
			MONTHS.indexOf(month),
			Number(day),
			Number(hours),
			Number(minutes),
			Number(seconds),
		];
		const at = new Date(0);
		at.setUTCFullYear(fields[0], fields[1], fields[2]);
		at.setUTCHours(fields[3], fields[4], fields[5], 0);
		// 31 Feb or 25:00 would roll over into another date: not a date at all. Every field is read
		// back in one comparison, since a roll-over changes more than one.
		const readBack = [
			at.getUTCFullYear(),
			at.getUTCMonth(),
			at.getUTCDate(),
			at.getUTCHours(),
			at.getUTCMinutes(),
			at.getUTCSeconds(),
		];
		return readBack.join() === fields.join() ? at.getTime() : undefined;
	}
	return undefined;
}

export interface DatedAnswer {
	date: string | string[] | undefined;
	sentAt: number;
	receivedAt: number;
}

/** A `Date` header's resolution: HTTP dates are cut to the second. */
const RESOLUTION_MS = 1000;
/** The furthest the service's clock is taken to be from ours, either way: an hour. */
export const MAX_CLOCK_SKEW_MS = 60 * 60 * 1000;

export class ServiceClock {
	private low = -Infinity;
	private high = Infinity;

	/** Takes one answer's `Date` into account; one further than the bound from ours is ignored. */
	observe({ date, sentAt, receivedAt }: DatedAnswer) {
		const at = parseHttpDate(date);
		if (at === undefined) return;
		const low = Math.max(at - receivedAt, -MAX_CLOCK_SKEW_MS);
		const high = Math.min(at + RESOLUTION_MS - sentAt, MAX_CLOCK_SKEW_MS);
		if (low > high) return;
		// An answer that contradicts the earlier ones (the service's clock was set) starts afresh.
		const contradicts = low > this.high || high < this.low;
		this.low = contradicts ? low : Math.max(this.low, low);
		this.high = contradicts ? high : Math.min(this.high, high);
	}

	/** Service time minus ours (ms): 0 when the answers allow it, else their lowest. */
	get offsetMs(): number {
		return this.low <= 0 && this.high >= 0 ? 0 : this.low;
	}
}
