/**
 * The trigger in a running n8n 2.x with durable poll cursors on (test/e2e/shared/trigger.ts;
 * n8n 1.x has no such mode), on an n8n of its own, which it restarts. About 2 to 3 minutes
 * beside the other suites, most of it the triggers' polls, a restart of n8n and the slow
 * service's polls.
 *
 * @n8n-lines n8n-2
 */
import { triggerScenario } from './shared/trigger';

triggerScenario('durable poll cursors');
