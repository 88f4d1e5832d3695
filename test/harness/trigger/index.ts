/**
 * Runs the trigger's poll through n8n-core's PollContext and keeps its state the way n8n does,
 * in each way n8n keeps it (n8n-modes.ts). This file is the trigger harness's import point.
 */
export { assetEventsOf, jobEventsOf } from './fired-as-text';
export { TriggerHarness, type HarnessOptions } from './harness';
export { DURABLE_BUDGET_MS, DURABLE_TIMEOUT_MS, N8N_MODES, type N8nMode } from './n8n-modes';
export type { PollResult } from './poll-once';
export { TRIGGER_TYPE } from './trigger-node';
