/**
 * The trigger in a running n8n in n8n's default mode (test/e2e/shared/trigger.ts), on both
 * lines, on an n8n of its own, which it restarts. About 2 to 3 minutes beside the other suites, most of it
 * the triggers' polls, a restart of n8n and the slow service's polls.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { triggerScenario } from './shared/trigger';

triggerScenario('default');
