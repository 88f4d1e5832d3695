/**
 * The trigger scenario's poll intervals and slow-service sizes (n8n's settings of each mode:
 * e2e/n8n-hosted.ts).
 */

/**
 * Seconds between polls, in both modes: the triggers', the slow service's. With durable poll
 * cursors n8n commits an emitting poll's state only with the execution it starts, after the
 * poll has returned, and a poll that begins before that commit reads the state from before it:
 * here, with polls 10 s apart on a loaded machine, a job once fired twice. The trigger now waits
 * for that commit (processMemory.ts; in engine: test/promises/exactly-once-while-n8n-commits.test.ts),
 * so durable mode polls as often as the default one. Without durable cursors a poll's state is
 * the workflow's in memory, seen by the next poll at once.
 */
export const POLL_EVERY_S = { triggers: 10, slow: 20 };
/** Jobs watched by the "Slow service" trigger; each status answer takes SLOW_MS. */
export const SLOW_JOBS = 300;
export const SLOW_MS = 2000;
/**
 * A moment between the slow trigger's polls, to turn the service slow in: no request for this
 * long (its polls start at most every 20 s and a quick one asks all its jobs within a second or
 * two). Polls are told apart by their requests (polls-of.ts).
 */
export const GAP_MS = 3000;
