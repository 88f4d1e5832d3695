/**
 * A `Date` header tells the service's clock only when it is an HTTP date (RFC 9110's three forms,
 * read field by field) within an hour of n8n's clock; anything else moves nothing. Pure: well under
 * a second.
 */
import {
	MAX_CLOCK_SKEW_MS,
	parseHttpDate,
	ServiceClock,
} from '../../../nodes/shared/transport/policy/serviceClock';

const T = Date.parse('2026-11-24T10:00:00.000Z');

describe('an HTTP date, and nothing else', () => {
	test.each([
		['Tue, 24 Nov 2026 10:00:00 GMT', T],
		['Tuesday, 24-Nov-26 10:00:00 GMT', T],
		['Tue Nov 24 10:00:00 2026', T],
		['Sun Nov  6 08:49:37 1994', Date.parse('1994-11-06T08:49:37Z')],
		['Thursday, 01-Jan-70 00:00:00 GMT', 0],
		['Tuesday, 31-Dec-69 23:59:59 GMT', Date.parse('2069-12-31T23:59:59Z')],
		[['Tue, 24 Nov 2026 10:00:00 GMT', 'garbage'], T],
	])('%j is %i', (header, ms) => {
		expect(parseHttpDate(header)).toBe(ms);
	});

	test('year 0001 is year 1 (JavaScript reads it as 2001)', () => {
		const at = new Date(parseHttpDate('Mon, 01 Jan 0001 00:00:00 GMT')!);
		expect(at.toISOString()).toBe('0001-01-01T00:00:00.000Z');
	});

	test.each([
		'0',
		'1',
		'',
		'soon',
		'2026-11-24T10:00:00Z',
		'Tue, 24 Nov 2026 10:00:00',
		'Tue, 24 Nov 2026 10:00:00 UTC',
		'Tue, 31 Feb 2026 10:00:00 GMT',
		'Tue, 24 Nov 2026 25:00:00 GMT',
		'Tue, 24 Nov 2026 10:00:61 GMT',
		'Tue, 24 Nov 2026 10:60:00 GMT',
		'Tuesday, 32-Dec-26 10:00:00 GMT',
		'tue, 24 nov 2026 10:00:00 gmt',
	])('%j is no date', (header) => {
		expect(parseHttpDate(header)).toBeUndefined();
	});
});

describe('the service clock believes a Date within an hour of ours, no further', () => {
	const seen = (date: string, at = T) => {
		const clock = new ServiceClock();
		clock.observe({ date, sentAt: at, receivedAt: at + 20 });
		return clock.offsetMs;
	};
	const ahead = (ms: number) => new Date(T + ms).toUTCString();

	test.each([
		['0', '0'],
		['1970', 'Thu, 01 Jan 1970 00:00:00 GMT'],
		['year 0001', 'Mon, 01 Jan 0001 00:00:00 GMT'],
		['9999', 'Fri, 31 Dec 9999 23:59:59 GMT'],
		['a day behind', ahead(-24 * 3600_000)],
		['61 minutes ahead', ahead(61 * 60_000)],
	])('a Date of %s is ignored', (_name, date) => {
		expect(seen(date)).toBe(0);
	});

	test('59 minutes ahead or behind is believed', () => {
		expect(seen(ahead(59 * 60_000))).toBe(59 * 60_000 - 20);
		expect(seen(ahead(-59 * 60_000))).toBe(-59 * 60_000 - 20);
	});

	test('no answer moves the clock by more than the bound', () => {
		// Exactly an hour ahead, to the header's second: partly within the bound, taken at most to it.
		expect(seen(ahead(MAX_CLOCK_SKEW_MS))).toBeLessThanOrEqual(MAX_CLOCK_SKEW_MS);
		const clock = new ServiceClock();
		clock.observe({ date: ahead(30 * 60_000), sentAt: T, receivedAt: T + 20 });
		clock.observe({ date: 'Fri, 31 Dec 9999 23:59:59 GMT', sentAt: T + 50, receivedAt: T + 70 });
		expect(clock.offsetMs).toBe(30 * 60_000 - 20);
	});
});
