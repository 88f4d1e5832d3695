/**
 * The trigger in a running n8n 2.x with durable poll cursors on (test/e2e/shared/trigger.ts;
 * n8n 1.x has no such mode). About 2 to 5 minutes beside the other suites, most of it n8n
 * starting and the slow service's polls.
 *
 * @n8n-lines n8n-2
 * @waits-for-ticks
 */
import { triggerScenario } from './shared/trigger';

triggerScenario('durable poll cursors');
