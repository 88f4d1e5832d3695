/**
 * The trigger in a running n8n 2.x with durable poll cursors on (test/e2e/shared/trigger.ts;
 * n8n 1.x has no such mode). About 6 minutes, most of it waiting for n8n's minute ticks.
 *
 * @n8n-lines n8n-2
 * @waits-for-ticks
 */
import { triggerScenario } from './shared/trigger';

triggerScenario('durable poll cursors');
