/**
 * The service's times as the trigger reads them (AssetWorkspaceTrigger/polling/times.ts): ISO 8601
 * with `T` or a space (Python's str(datetime), SQL text), any fraction, with a zone (`UTC` and `GMT`
 * written out too) or without one;
 * a time without a zone is UTC whatever n8n's own zone (this tier runs in Asia/Tokyo, the
 * integration tier west of UTC). Anything else is no time. Pure: well under a second.
 */
import { newestOf, timeOf } from '../../../../nodes/AssetWorkspaceTrigger/polling/times';

const AT = Date.UTC(2026, 10, 26, 2, 0, 0);

test('this tier runs east of UTC (npm run test:unit sets TZ)', () => {
	expect(new Date(AT).getTimezoneOffset()).toBeLessThan(0);
});

test.each([
	'2026-11-26T02:00:00Z',
	'2026-11-26T02:00:00.000Z',
	'2026-11-26t02:00:00z',
	'2026-11-26T02:00:00+00:00',
	'2026-11-26T11:00:00+09:00',
	'2026-11-26T11:00:00+0900',
	'2026-11-25T18:00:00-08',
	'2026-11-26T02:00:00',
	'2026-11-26 02:00:00',
	'2026-11-26 02:00:00.000000',
	'2026-11-26 02:00:00+00:00',
	' 2026-11-26 02:00:00 ',
	'2026-11-26 02:00:00 UTC',
	'2026-11-26 02:00:00UTC',
	'2026-11-26T02:00:00 GMT',
	'2026-11-26 02:00:00.000 utc',
	'Thu, 26 Nov 2026 02:00:00 GMT',
])('%j is 2026-11-26 02:00 UTC', (time) => {
	expect(timeOf(time)).toBe(AT);
});

test('a zone up to 23:59 either way', () => {
	expect(timeOf('2026-11-27T01:00:00+23:00')).toBe(AT);
	expect(timeOf('2026-11-26T07:59:00+05:59')).toBe(AT);
	expect(timeOf('2026-11-25T02:01:00-23:59')).toBe(AT);
});

test('a date alone is its midnight, a time without seconds its first second', () => {
	expect(timeOf('2026-11-26')).toBe(Date.UTC(2026, 10, 26));
	expect(timeOf('2026-11-26T02:00Z')).toBe(AT);
});

test('a fraction is read to the millisecond', () => {
	expect(timeOf('2026-11-26 02:00:00.123456')).toBe(AT + 123);
	expect(timeOf('2026-11-26T02:00:00,5Z')).toBe(AT + 500);
});

test.each([
	'',
	'yesterday',
	'x2026-11-26T02:00:00Z',
	'2026-02-31T00:00:00Z',
	'2026-11-26T25:00:00Z',
	'2026-13-01T00:00:00Z',
	'2026-00-15T00:00:00Z',
	'2026-11-26T02:60:00Z',
	'2026-11-26T02:00:60Z',
	'2026-11-26T23:59:99Z',
	'2026-11-26T02:00:00+99:99',
	'2026-11-26T02:00:00+24:00',
	'2026-11-26T02:00:00+05:60',
	'1764122400',
	'11/26/2026 02:00',
	'2026-11-26 02:00:00 CET',
	'2026-11-26 02:00:00 UTC+1',
])('%j is no time', (time) => {
	expect(timeOf(time)).toBeUndefined();
});

test('the newest of many times, whatever their zones, past what is no time', () => {
	const times = ['2026-11-26T11:00:00+09:00', null, '2026-11-26 02:00:01', 'yesterday', undefined];
	expect(newestOf(times)).toBe(AT + 1000);
	expect(newestOf(['2026-11-26T02:00:02Z', '2026-11-26T02:00:01Z'])).toBe(AT + 2000);
	expect(newestOf([null, 'yesterday'])).toBeUndefined();
	expect(newestOf([])).toBeUndefined();
});

test('the newest of 200,000 times (a spread into Math.max would overflow the stack)', () => {
	const times = Array.from({ length: 200_000 }, (_, n) => new Date(AT - n * 1000).toISOString());
	expect(newestOf(times)).toBe(AT);
});
