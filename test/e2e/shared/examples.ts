/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What the example suites share (examples.e2e.test.ts, examples-data-table.e2e.test.ts,
 * examples-events.e2e.test.ts): the example workflows as shipped, and waiting on a condition.
 */
import { join } from 'node:path';

import { readWorkflow } from '../../../e2e/workflows';
export { until } from '../../harness/until';

const EXAMPLES = join(__dirname, '..', '..', '..', 'examples');
export const example = (name: string) =>
	readWorkflow(join(EXAMPLES, `${name}.workflow.json`)) as any;
export const named = (workflow: any, name: string) =>
	workflow.nodes.find((n: any) => n.name === name);
export const final = ['success', 'warning', 'failed'];
