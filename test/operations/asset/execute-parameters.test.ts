/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Asset > Execute's parameters (helpers/executeParameters.ts), in n8n's engine against the sandbox:
 * name/value pairs and a JSON object are sent as written (types kept, the variables overlaid); what
 * cannot be sent as written is refused before anything is sent, naming the field and the value: not
 * JSON, not an object, bad or reserved names, a name given twice, a number JSON cannot carry
 * exactly, values nested too deep, a body too large. About 3 s.
 */
import { MAX_BODY_BYTES } from '../../../nodes/shared/transport';
import { MAX_PARAMETER_DEPTH } from '../../../nodes/shared/validation';
import { SEED_IDS } from '../../../sandbox/seed';
import { call, sandboxJobs } from '../../harness/http';
import { executeAsset, json, nodeRunner, requestsOf, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const run = nodeRunner(env);

describe('Asset: Execute', () => {
	const execute = (extra: object, items?: object[]) =>
		run({
			items: items as never,
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.slackNotifier),
				...extra,
			},
		});
	const inspect = async (jobId: string) =>
		(await call(env.sandbox, `/__sandbox/jobs/${jobId}`)).json.data;

	test('without waiting: queues a run with jobSource API and returns the queued job', async () => {
		const result = await execute({ specifyParameters: 'none', waitForCompletion: false });
		const [job] = json(result) as any[];
		expect(job).toMatchObject({
			status: 'pending',
			assetId: SEED_IDS.slackNotifier,
			jobSource: 'API',
		});
		expect((await inspect(job.jobId)).parameters).toEqual({});
	});

	test('parameters as name/value pairs overlay the variables', async () => {
		const result = await execute(
			{
				specifyParameters: 'keypair',
				parameters: {
					parameter: [
						{ name: 'CHANNEL', value: '#ops' },
						{ name: 'MESSAGE', value: '={{ "run " + $json.n }}' },
					],
				},
			},
			[{ n: 7 }],
		);
		const state = await inspect((json(result)[0] as any).jobId);
		expect(state.parameters).toEqual({ CHANNEL: '#ops', MESSAGE: 'run 7' });
		expect(state.variables).toEqual({
			SLACK_TOKEN: 'xoxb-sandbox-slack-token',
			CHANNEL: '#ops',
			MESSAGE: 'run 7',
		});
	});

	test('parameters as a JSON object keep their types', async () => {
		const result = await execute({
			specifyParameters: 'json',
			parametersJson: '{"COUNT": 3, "DRY_RUN": true, "TAGS": ["a"]}',
		});
		expect((await inspect((json(result)[0] as any).jobId)).parameters).toEqual({
			COUNT: 3,
			DRY_RUN: true,
			TAGS: ['a'],
		});
	});

	test.each([
		[
			'not JSON',
			{ specifyParameters: 'json', parametersJson: '{"A": ' },
			`Parameters (JSON) is not valid JSON: '{"A": '`,
		],
		[
			'a JSON array',
			{ specifyParameters: 'json', parametersJson: '[1, 2]' },
			"Parameters (JSON) must be a JSON object of names to values, got '[1,2]'",
		],
		[
			'a JSON string',
			{ specifyParameters: 'json', parametersJson: '"x"' },
			`Parameters (JSON) must be a JSON object of names to values, got 'x'`,
		],
		[
			'a bad JSON name',
			{ specifyParameters: 'json', parametersJson: '{"RUN-DATE": 1}' },
			"Parameters (JSON): parameter name 'RUN-DATE' may contain only letters, digits and underscores",
		],
		[
			'a bad pair name',
			{
				specifyParameters: 'keypair',
				parameters: { parameter: [{ name: 'run date', value: 'x' }] },
			},
			"Parameters: parameter name 'run date' may contain only letters, digits and underscores",
		],
		[
			'an empty pair name',
			{ specifyParameters: 'keypair', parameters: { parameter: [{ name: '', value: 'x' }] } },
			"Parameters: parameter name '' may contain only letters, digits and underscores",
		],
		[
			'a name given twice',
			{
				specifyParameters: 'keypair',
				parameters: {
					parameter: [
						{ name: 'A', value: '1' },
						{ name: 'A', value: '2' },
					],
				},
			},
			"Parameters: the name 'A' is given twice",
		],
	])('rejects %s before any request', async (_case, extra, message) => {
		const result = await execute(extra);
		expect(result.error?.message).toBe(message);
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('parameter names', () => {
	const withPairs = (names: string[]) =>
		executeAsset({
			specifyParameters: 'keypair',
			parameters: { parameter: names.map((name) => ({ name, value: 'x' })) },
		});

	test('toString and valueOf are ordinary names, not "given twice"', async () => {
		const result = await run({
			parameters: withPairs(['toString', 'valueOf', 'hasOwnProperty']),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error).toBeUndefined();
		const inspected = (await call(env.sandbox, `/__sandbox/jobs/${json(result)[0].jobId}`)).json
			.data;
		expect(inspected.parameters).toEqual({ toString: 'x', valueOf: 'x', hasOwnProperty: 'x' });
	});

	test.each(['__proto__', 'constructor', 'prototype'])(
		'%s is refused in both modes, and nothing is sent',
		async (name) => {
			const fields = await run({
				parameters: withPairs([name]),
				items: [{ id: SEED_IDS.salesforceOpportunities }],
			});
			expect(fields.error?.message).toBe(`Parameters: parameter name '${name}' is reserved`);
			const asJson = await run({
				parameters: executeAsset({
					specifyParameters: 'json',
					parametersJson: `{"${name}": {"polluted": true}}`,
				}),
				items: [{ id: SEED_IDS.salesforceOpportunities }],
			});
			expect(asJson.error?.message).toBe(`Parameters (JSON): parameter name '${name}' is reserved`);
			expect(requestsOf(env.sandbox)).toEqual([]);
		},
	);
});

describe('a body that cannot be sent is refused before sending, never "a job may have been queued"', () => {
	test('20,000 levels deep', async () => {
		const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
		const result = await run({
			parameters: executeAsset({ specifyParameters: 'json', parametersJson: `{"DEEP": ${deep}}` }),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error?.message).toBe(
			`Parameters (JSON): values nest more than ${MAX_PARAMETER_DEPTH} levels deep`,
		);
		expect(result.error?.description).toContain('Nothing was sent');
		expect(requestsOf(env.sandbox)).toEqual([]);
	});

	test(`a body over ${MAX_BODY_BYTES} bytes`, async () => {
		const result = await run({
			parameters: executeAsset({
				specifyParameters: 'keypair',
				parameters: { parameter: [{ name: 'BIG', value: 'x'.repeat(MAX_BODY_BYTES) }] },
			}),
			items: [{ id: SEED_IDS.salesforceOpportunities }],
		});
		expect(result.error?.message).toMatch(
			new RegExp(
				`^Asset Workspace API: the request body is \\d+ bytes, more than the ${MAX_BODY_BYTES} this node sends$`,
			),
		);
		expect(result.error?.description).toContain('Nothing was sent, so no job was queued');
		expect(requestsOf(env.sandbox)).toEqual([]);
	});
});

describe('Execute never sends parameters other than written', () => {
	test('a number JSON cannot carry exactly is refused before sending, naming the parameter', async () => {
		const before = (await sandboxJobs(env.sandbox)).length;
		const result = await run({
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.salesforceOpportunities),
				specifyParameters: 'json',
				parametersJson: '{"ACCOUNT_ID": 12345678901234567891, "RATIO": 1e400}',
				waitForCompletion: false,
			},
		});
		expect(result.error?.message).toBe(
			'Parameters (JSON): ACCOUNT_ID is 12345678901234567891, which a JSON number cannot carry exactly (it would be sent as 12345678901234567000)',
		);
		expect((await sandboxJobs(env.sandbox)).length).toBe(before);
		expect(requestsOf(env.sandbox)).toEqual([]);
	});

	test('the same number as text is sent as written', async () => {
		const result = await run({
			parameters: {
				resource: 'asset',
				operation: 'execute',
				assetId: rl(SEED_IDS.salesforceOpportunities),
				specifyParameters: 'json',
				parametersJson: '{"ACCOUNT_ID": "12345678901234567891", "RATIO": 0.25}',
				waitForCompletion: false,
			},
		});
		const job = (await sandboxJobs(env.sandbox)).find((j) => j.job.jobId === json(result)[0].jobId);
		expect(job?.parameters).toEqual({ ACCOUNT_ID: '12345678901234567891', RATIO: 0.25 });
	});
});
