/**
 * A trigger that cannot poll reaches the workflow's Error Workflow once per failing poll, and
 * n8n 2.41's durable poll scheduler backs it off by the cause the node declared: 30 minutes for a
 * refused key, no sooner than the 120 s a 429 asked for, 5 s doubling for a 500; the workflow
 * stays active and fires what changed meanwhile once (test/e2e/shared/trigger-failure.ts). The
 * 30 minutes and 120 s are not waited for: the test moves n8n's recorded end of the backoff to
 * now (simulated time on a real n8n). On an n8n of its own with durable poll cursors on.
 * Cost, run alone (a private n8n, whose start is not counted): about 90 s wall, nearly all of it
 * waiting out the 500's backoff of 5, 10 and 20 s and the ticks; about 6 s of CPU (jest with its
 * reads of n8n's database 4 s, n8n 2.5 s). Under npm test, 2:40 beside the other suites.
 *
 * @n8n-lines n8n-2
 */
import { failureScenario } from './shared/trigger-failure';

failureScenario('durable');
