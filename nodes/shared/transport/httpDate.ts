/**
 * HTTP dates as RFC 9110 writes them, and nothing else: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37
 * GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6
 * 08:49:37 1994`, GMT too). JavaScript's Date.parse reads far more (`0` as 2000-01-01, year 0001 as
 * 2001), so a `Date` or `Retry-After` header is read field by field here.
 */

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** Each form, with the order its groups come in (day, month, year, then the time). */
const FORMS: Array<{ pattern: RegExp; order: (groups: string[]) => string[] }> = [
	{
		pattern: new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`),
		order: (g) => g,
	},
	{
		pattern: new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`),
		order: (g) => g,
	},
	{
		pattern: new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`),
		order: ([month, day, h, m, s, year]) => [day, month, year, h, m, s],
	},
];

/** Two-digit years of the RFC 850 form: 70 to 99 are 19xx, the rest 20xx. */
const fullYear = (year: string) =>
	year.length === 2 ? Number(year) + (Number(year) >= 70 ? 1900 : 2000) : Number(year);

/** An HTTP date (the first of several headers) in ms; undefined for anything else. */
export function parseHttpDate(header: string | string[] | undefined): number | undefined {
	const value = (Array.isArray(header) ? header[0] : header)?.trim();
	if (!value) return undefined;
	for (const { pattern, order } of FORMS) {
		const match = pattern.exec(value);
		if (!match) continue;
		const [day, month, year, hours, minutes, seconds] = order(match.slice(1));
		const parts = [fullYear(year), MONTHS.indexOf(month), Number(day)];
		const time = [Number(hours), Number(minutes), Number(seconds)];
		const at = new Date(0);
		at.setUTCFullYear(parts[0], parts[1], parts[2]);
		at.setUTCHours(time[0], time[1], time[2], 0);
		// 31 Feb or 25:00 would roll over into another date: not a date at all.
		const exact =
			at.getUTCFullYear() === parts[0] &&
			at.getUTCMonth() === parts[1] &&
			at.getUTCDate() === parts[2] &&
			at.getUTCHours() === time[0] &&
			at.getUTCMinutes() === time[1];
		return exact && time[2] < 60 ? at.getTime() : undefined;
	}
	return undefined;
}
