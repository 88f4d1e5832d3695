/** The transport settings the integration tests run the node with. */
import {
	DEFAULT_TRANSPORT_SETTINGS,
	type TransportSettings,
} from '../../../nodes/shared/transport';
import {
	DEFAULT_RETRY_POLICY,
	type RetryPolicy,
} from '../../../nodes/shared/transport/policy/retry';
import type { Clock } from '../../../nodes/shared/transport/policy/clock';

/**
 * The transport settings the tests run with: the real policy (what is retried, how often, the
 * time limits), with short backoffs so that fault tests stay quick.
 */
export const TEST_TRANSPORT: TransportSettings = {
	...DEFAULT_TRANSPORT_SETTINGS,
	retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 },
};

/** TEST_TRANSPORT with some retry settings changed, and on `clock` (a TestClock) when given. */
export const testTransport = (
	retry: Partial<RetryPolicy> = {},
	clock: Clock = TEST_TRANSPORT.clock,
): TransportSettings => ({
	...TEST_TRANSPORT,
	retry: { ...TEST_TRANSPORT.retry, ...retry },
	clock: clock,
});
