/**
 * Regression (issue 35, defect 5): a UTC time written with a space and no zone
 * (`2026-11-26 02:00:00`, as Python's str(datetime) and SQL text write it) was read in n8n's
 * local time zone: west of UTC the first poll fired changes from before it; in Asia/Tokyo every
 * change looked 9 hours old and none fired for 8 hours (test/unit/trigger/polling/service-times.test.ts: the unit
 * tier runs in Tokyo). The integration tier runs in America/Los_Angeles (package.json): a service
 * that writes its times so, in front of the sandbox, in each of n8n's modes: the Asset event fires
 * nothing from before its first reading and each later change once. On a test clock: about 1 s.
 */
import { useClockScenarios } from '../harness/clock-scenarios';
import { N8N_MODES } from '../harness/trigger';

const { assetEvent } = useClockScenarios();
/** A UTC time as Python's str(datetime) writes it. */
const spaced = (ms: number) => new Date(ms).toISOString().slice(0, -1).replace('T', ' ');

test('n8n runs west of UTC here (npm run test:integration sets TZ)', () => {
	expect(new Date(Date.UTC(2026, 10, 26)).getTimezoneOffset()).toBeGreaterThan(0);
});

test.each(N8N_MODES)(
	'%s, times written "2026-11-26 02:00:00.000": nothing from before the first reading fires, each later change once',
	async (mode) => await assetEvent(mode, { writeTime: spaced }, { changedBefore: true }),
);
