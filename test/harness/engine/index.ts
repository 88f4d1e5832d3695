/**
 * Runs our nodes in n8n's real execution engine: n8n-core's WorkflowExecute with
 * n8n-workflow's Workflow, parameter resolution and expressions, the way n8n tests its own
 * nodes (packages/core/nodes-testing). What is hand-written here is only what the n8n server
 * would provide: the node-type registry and a credentials store that applies a credential's
 * `authenticate` block as n8n's CredentialsHelper does. This file is the harness's import point.
 */
export type { SandboxCredentials } from './additional-data';
export { listSearch } from './list-search';
export { nodeTypes } from './node-types';
export { runNode, type NodeRunOptions, type NodeRunResult } from './run-node';
export { testCredential } from './test-credential';
export { TEST_TRANSPORT, testTransport } from './test-transport';
