/**
 * Runs the trigger's poll through n8n-core's PollContext and keeps its state the way n8n does,
 * in each way n8n keeps it (n8n-modes.ts). This file is the trigger harness's import point.
 */
export { assetEventsOf, jobEventsOf } from './fired-as-text';
export { TriggerHarness } from './harness';
export { N8N_MODES, type N8nMode } from './n8n-modes';
