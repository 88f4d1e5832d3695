/**
 * The trigger in a running n8n in n8n's default mode (test/e2e/shared/trigger.ts), on both
 * lines. About 2 to 4 minutes beside the other suites, most of it n8n starting and the slow
 * service's polls.
 *
 * @n8n-lines n8n-2 n8n-1
 * @waits-for-ticks
 */
import { triggerScenario } from './shared/trigger';

triggerScenario('default');
