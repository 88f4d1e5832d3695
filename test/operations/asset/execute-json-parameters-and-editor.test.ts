/**
 * Asset > Execute's Parameters (JSON), and what the editor shows for it: the field is `{}` (no
 * parameters) by default, with the example as its hint. n8n saves only the values that differ
 * from a default (n8n-workflow's getNodeParameters, as the editor calls it on every change) and
 * fills the defaults in again when it runs a workflow (the same function, in the Workflow that
 * WorkflowExecute runs): both are n8n's own code here. About 1 s.
 */
import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { AssetWorkspace } from '../../../nodes/AssetWorkspace/AssetWorkspace.node';
import { SEED_IDS } from '../../../sandbox/seed';
import { call } from '../../harness/http';
import { resolveParameters } from '../../harness/node-parameters';
import { runNode } from '../../harness/engine';
import { json, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const description = new AssetWorkspace().description;
const EXAMPLE = '{\n  "RUN_DATE": "2026-11-21"\n}';
const execute = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'asset',
	operation: 'execute',
	assetId: rl(SEED_IDS.slackNotifier),
	waitForCompletion: false,
	specifyParameters: 'json',
	...extra,
});

/** The parameters the run sent, as the sandbox recorded them. */
async function sentParameters(parameters: INodeParameters) {
	const result = await runNode({ credentials: env.credentials, parameters });
	expect(result.error).toBeUndefined();
	const { jobId } = json(result)[0];
	return (await call(env.sandbox, `/__sandbox/jobs/${jobId}`)).json.data.parameters;
}

/** What the editor saves for a node: only the values that differ from their defaults. */
const saved = (parameters: INodeParameters) =>
	resolveParameters(description, parameters, { typeVersion: 1 }, { defaults: false });

describe('Parameters (JSON)', () => {
	test('the node has one version, 1', () => {
		expect(description.version).toBe(1);
		expect(description.defaultVersion).toBeUndefined();
	});

	test('Using JSON left as it is sends no parameters', async () => {
		expect(saved(execute())).not.toHaveProperty('parametersJson');
		expect(await sentParameters(execute())).toEqual({});
	});

	test('the example text, typed in, is saved and sent', async () => {
		expect(saved(execute({ parametersJson: EXAMPLE }))).toMatchObject({
			parametersJson: EXAMPLE,
		});
		expect(await sentParameters(execute({ parametersJson: EXAMPLE }))).toEqual({
			RUN_DATE: '2026-11-21',
		});
	});

	test.each([
		['empty', ''],
		['an empty object', '{}'],
		['only spaces and new lines', ' \n\t\n '],
		['an expression that gives ""', '={{ "" }}'],
	])('empty JSON (%s) means no parameters', async (_case, parametersJson) => {
		expect(await sentParameters(execute({ parametersJson }))).toEqual({});
	});
});

describe('what the editor shows for Asset > Execute', () => {
	/** The names of the parameters n8n displays for these values, with the defaults filled in. */
	function shown(values: INodeParameters): string[] {
		const node = { typeVersion: 1 };
		const all = resolveParameters(description, values, node);
		return description.properties
			.filter((property) => NodeHelpers.displayParameter(all, property, node, description))
			.map((property) => property.name);
	}
	const byName = (name: string): INodeProperties[] =>
		description.properties.filter((property) => property.name === name);

	test('the retry notice always, once; the overlay notice only when parameters are sent', () => {
		const base = ['resource', 'operation', 'assetId', 'retryNotice', 'specifyParameters'];
		const end = ['waitForCompletion', 'options'];
		expect(shown(execute({ specifyParameters: 'none' }))).toEqual([...base, ...end]);
		expect(shown(execute({ specifyParameters: 'keypair' }))).toEqual([
			...base,
			'overlayNotice',
			'parameters',
			...end,
		]);
		expect(shown(execute())).toEqual([...base, 'overlayNotice', 'parametersJson', ...end]);
		for (const name of ['retryNotice', 'overlayNotice']) {
			expect(byName(name)).toHaveLength(1);
			expect(byName(name)[0].displayName.length).toBeLessThanOrEqual(100);
		}
	});

	test('Parameters (JSON): {} by default, the example as the hint under it', () => {
		expect(byName('parametersJson').map((p) => [p.default, p.hint])).toEqual([
			['{}', 'For example {"RUN_DATE": "2026-11-21"}'],
		]);
	});

	test('Limit says what it is once: its description, no hint', () => {
		for (const limit of byName('limit')) {
			expect(limit.description).toBe('Max number of results to return');
			expect(limit.hint).toBeUndefined();
		}
		expect(byName('limit')).toHaveLength(2);
	});
});
