/**
 * The trigger in a running n8n in n8n's default mode (test/e2e/shared/trigger.ts), on both
 * lines. About 6 minutes, most of it waiting for n8n's minute ticks.
 *
 * @n8n-lines n8n-2 n8n-1
 * @waits-for-ticks
 */
import { triggerScenario } from './shared/trigger';

triggerScenario('default');
