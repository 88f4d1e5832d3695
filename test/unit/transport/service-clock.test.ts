/** The service's clock from its Date headers: never taken for later than it is. */
import { ServiceClock } from '../../../nodes/shared/transport/policy/serviceClock';

const T = Date.parse('2026-11-24T10:00:00.000Z');
const date = (ms: number) => new Date(ms).toUTCString();
const answer = (serviceMs: number, sentAt: number, receivedAt: number) => ({
	date: date(serviceMs),
	sentAt,
	receivedAt,
});

test('no answer, or none with a Date: no correction', () => {
	const clock = new ServiceClock();
	expect(clock.offsetMs).toBe(0);
	clock.observe({ date: undefined, sentAt: T, receivedAt: T + 5 });
	clock.observe({ date: 'yesterday', sentAt: T, receivedAt: T + 5 });
	expect(clock.offsetMs).toBe(0);
});

test('clocks that agree within the header’s second: no correction at all', () => {
	const clock = new ServiceClock();
	clock.observe(answer(T + 400, T + 300, T + 350)); // header says 10:00:00, we are at .300-.350
	expect(clock.offsetMs).toBe(0);
});

test.each([
	['2 minutes behind', -120_000],
	['2 minutes ahead', 120_000],
	['5 seconds ahead', 5_000],
])(
	'a service %s: corrected to within the header’s second, never to a later time',
	(_name, skew) => {
		const clock = new ServiceClock();
		for (let n = 0; n < 5; n++) {
			const sentAt = T + n * 1_370;
			clock.observe(answer(sentAt + 20 + skew, sentAt, sentAt + 40));
		}
		// Never later than the truth; earlier by at most the header's second and the way back (20 ms).
		expect(clock.offsetMs).toBeLessThanOrEqual(skew);
		expect(skew - clock.offsetMs).toBeLessThanOrEqual(1000 + 20);
	},
);

test('a clock set meanwhile: the answers after it count', () => {
	const clock = new ServiceClock();
	clock.observe(answer(T - 120_000, T, T + 10));
	clock.observe(answer(T + 60_000, T + 60_000, T + 60_010)); // set right: contradicts the first
	expect(clock.offsetMs).toBe(0);
});
