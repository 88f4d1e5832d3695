/**
 * A trigger that cannot poll (its key refused, its service down, rate limited for 120 s) reaches
 * the workflow's Error Workflow at every failing poll, with the node's message and never the key,
 * stays active, and fires what changed meanwhile once when the cause clears: n8n's default mode,
 * on both lines, on each line's shared n8n (test/e2e/shared/trigger-failure.ts).
 * Cost, run alone (a private n8n, whose start is not counted): about 90 s wall on n8n 2.41.1
 * and 1.123.81, nearly all of it waiting for ticks (the trigger's own 60 s after the 429 is the
 * longest); about 4.5 s of CPU (jest 1.5 s, n8n 3 s). Under npm test, about 3 minutes beside
 * the other suites.
 *
 * @n8n-lines n8n-2 n8n-1
 */
import { failureScenario } from './shared/trigger-failure';

failureScenario('default');
