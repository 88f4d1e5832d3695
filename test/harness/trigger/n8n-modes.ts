/**
 * The ways n8n keeps a poll's state, which the trigger harness models. Read in n8n 2.41.1
 * (n8n-core's poll-trigger-executor and active-workflow-triggers; n8n's
 * trigger-execution-context.factory, poll-cursor.service, poll-trigger-task-handler and
 * workflow-static-data.service) and n8n 1.123.81 (n8n-core 1.122.48's active-workflows,
 * n8n's active-workflow-manager):
 *
 * - 'default' (n8n 2.41 with durable poll cursors off, the default): every poll of an activation
 *   works on the same live static data (n8n-workflow's ObservableObject). It is saved to the
 *   database when a poll emits, and after the activation poll (even one that returned null or
 *   failed). A poll that returns null or throws changes memory only: a restart loses it.
 *   getPollBudgetMs() is PollContext's default (5 minutes). Polls may overlap.
 * - 'n8n1' (n8n 1.123): the same, except that there is no getPollBudgetMs, and the activation
 *   save happens only when the activation poll did not throw.
 * - 'durable' (n8n 2.41 with N8N_POLLER_DURABLE_CURSORS_ENABLED and the scheduler on): the
 *   state lives apart (poller_state). Each poll works on its own deep copy; it is committed
 *   after the poll when it changed (emit or null), never after an error, and not at all when
 *   the poll outlived n8n's poll timeout (45 s; the tick is abandoned). getPollBudgetMs() is
 *   36 s. An activation poll's null result is not committed. Overlapping polls each copy the
 *   same stored state; the last commit wins. An emitting poll is committed after it returned,
 *   with its execution (here at once, unless a test holds it back: pollWithCommitHeld).
 */

export type N8nMode = 'default' | 'n8n1' | 'durable';
export const N8N_MODES: N8nMode[] = ['default', 'n8n1', 'durable'];

/** n8n 2.41's durable poll: the budget it gives (45 s timeout less 20 %) and the timeout itself. */
export const DURABLE_BUDGET_MS = 36_000;
export const DURABLE_TIMEOUT_MS = 45_000;
