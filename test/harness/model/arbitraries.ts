/**
 * What the model checker generates beside the workspace's changes: the service's clocks and time
 * forms, each request's fault and latency, and the order in which ready answers are served.
 */
import fc from 'fast-check';

import type { Fault } from './sim-network';
import type { DateHeader, ServiceClocks, TimeForm } from './sim-service';
import { COLLATIONS, type Collation, type Ties } from './name-order';

const MINUTE = 60_000;

const fault = (kind: Fault['kind'], weight: number, latency = 50, least = 0) => ({
	arbitrary: fc.record({
		kind: fc.constant(kind),
		latencyMs: fc.integer({ min: least, max: latency }),
		retryAfterS: kind === '429-long' ? fc.integer({ min: 61, max: 3600 }) : fc.nat({ max: 3 }),
	}),
	weight,
});

/** Most requests answer; some meet a fault the transport retries, a few one it cannot. */
export const faultArb: fc.Arbitrary<Fault> = fc.oneof(
	fault('ok', 40, 200),
	// An answer as slow as a poll is long: after a 429's wait it may not come back in time.
	fault('ok', 3, 1500, 200),
	fault('429', 3),
	fault('503', 3),
	fault('reset', 3),
	fault('hang', 2, 0),
	fault('500', 1),
	fault('429-long', 1),
);

const dateArb: fc.Arbitrary<DateHeader> = fc.oneof(
	{ arbitrary: fc.constant({ kind: 'service' as const }), weight: 4 },
	{
		arbitrary: fc.record({
			kind: fc.constant('proxy' as const),
			skewMs: fc.oneof(
				fc.integer({ min: -59 * MINUTE, max: 59 * MINUTE }),
				fc.constantFrom(-2 * MINUTE, 2 * MINUTE, -1500, 1500),
			),
		}),
		weight: 4,
	},
	{
		arbitrary: fc.constantFrom(
			{ kind: 'none' as const },
			{ kind: 'garbage' as const },
			{ kind: '1970' as const },
			{ kind: '9999' as const },
		),
		weight: 1,
	},
);

/** The service's clock, its times' form and its Date: within what the docs promise to handle. */
export const clocksArb: fc.Arbitrary<ServiceClocks> = fc.record({
	skewMs: fc.oneof(fc.constant(0), fc.integer({ min: -30 * MINUTE, max: 30 * MINUTE })),
	form: fc.constantFrom<TimeForm>('z', 'offset', 'no-zone', 'space', 'tokyo'),
	date: dateArb,
});

/** The order ready answers and changes are served in (indexes into what is ready). */
export const picksArb = fc.array(fc.nat({ max: 50 }), { maxLength: 80 });

/** Equal names by id (as the sandbox), or in any order at each request (case aside). */
export const tiesArb = fc.constantFrom<Ties>('fixed', 'any');

/** The service's collation: any of the family, from exact bytes to ICU at primary strength. */
export const collationArb = fc.constantFrom(...(Object.keys(COLLATIONS) as Collation[]));
