/**
 * A Retry-After date is read against the answer's own `Date` (the service's clock), when that is
 * an HTTP date within an hour of n8n's clock; otherwise against n8n's. Pure: well under a second.
 */
import { readOutcome } from '../../../nodes/shared/transport/request/loop';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const utc = (ms: number) => new Date(ms).toUTCString();
const refused = (headers: Record<string, string>) =>
	readOutcome({ response: { statusCode: 429, headers, body: '' }, text: '' }, NOW).retryAfterMs;

test.each([
	['50 minutes ahead', 50 * 60_000],
	['30 minutes behind', -30 * 60_000],
	['right', 0],
])('a service %s asking for 20 s from its Date: 20 s', (_name, skew) => {
	const date = NOW + skew;
	expect(refused({ date: utc(date), 'retry-after': utc(date + 20_000) })).toBe(20_000);
});

test.each([
	['no Date', undefined],
	['a Date that is no HTTP date', '0'],
	['a Date further than an hour away', utc(NOW - 2 * 3600_000)],
])('%s: against n8n’s clock', (_name, date) => {
	const headers: Record<string, string> = { 'retry-after': utc(NOW + 20_000) };
	if (date !== undefined) headers.date = date;
	expect(refused(headers)).toBe(20_000);
});

test('seconds stay seconds, whatever the Date', () => {
	expect(refused({ date: utc(NOW + 50 * 60_000), 'retry-after': '7' })).toBe(7000);
});
