/**
 * Asset > Execute never queues a run with values nobody wrote: a parameter whose value comes out
 * undefined (a field `RUN_DATE = {{ $json.runDate }}` on an item without runDate), a number JSON
 * cannot carry (NaN, Infinity) at any depth, or a name Parameters (JSON) gives twice, fails that
 * item before anything is sent, naming the parameter; the other items run; the sandbox counts
 * the jobs queued. Leave Out Undefined Parameters (off by default) sends such an item without
 * that parameter instead. In n8n's engine against the sandbox. About 2 s.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../../../sandbox/seed';
import { sandboxJobs } from '../../harness/http';
import { runNode } from '../../harness/engine';
import { json, rl, useSandbox } from '../../harness/fixtures';

const env = useSandbox();
const execute = (extra: INodeParameters): INodeParameters => ({
	resource: 'asset',
	operation: 'execute',
	assetId: rl(SEED_IDS.slackNotifier),
	waitForCompletion: false,
	...extra,
});
const runDateField = {
	specifyParameters: 'keypair',
	parameters: { parameter: [{ name: 'RUN_DATE', value: '={{ $json.runDate }}' }] },
};
const CHECK = 'check its expression (the item may lack the field it reads)';
const ITEMS = [{ runDate: '2026-11-21' }, { other: 1 }, { runDate: '2026-11-22' }];

/** Runs Execute on `items` with Continue On Fail; the output items and the parameters of each job queued. */
async function run(parameters: INodeParameters, items: IDataObject[] = [{}]) {
	const result = await runNode({
		credentials: env.credentials,
		parameters: execute(parameters),
		items,
		onError: 'continueRegularOutput',
	});
	expect(result.error).toBeUndefined();
	const jobs = (await sandboxJobs(env.sandbox)).map((job) => job.parameters);
	return { output: json(result), jobs };
}

test('a field whose expression reads what the item lacks fails that item, naming it; the other items run', async () => {
	const { output, jobs } = await run(runDateField, ITEMS);
	expect(output[1].error).toBe(
		`Parameters: RUN_DATE came out undefined: ${CHECK}, or turn on Leave Out Undefined Parameters`,
	);
	expect([output[0].jobId, output[2].jobId].every(Boolean)).toBe(true);
	expect(jobs).toEqual([{ RUN_DATE: '2026-11-21' }, { RUN_DATE: '2026-11-22' }]);
});

test('Leave Out Undefined Parameters on: that item runs without the parameter (the asset’s variable)', async () => {
	const { output, jobs } = await run({ ...runDateField, options: { omitUndefined: true } }, ITEMS);
	expect(output.every((item) => item.jobId)).toBe(true);
	expect(jobs).toEqual([{ RUN_DATE: '2026-11-21' }, {}, { RUN_DATE: '2026-11-22' }]);
});

test.each([
	['NaN in an object', '={{ { "LIMITS": { "max": NaN } } }}', 'LIMITS.max is NaN'],
	['NaN in a list', '={{ { "IDS": [1, NaN] } }}', 'IDS[1] is NaN'],
	['Infinity deep down', '={{ { "A": [{ "b": [-Infinity] }] } }}', 'A[0].b[0] is -Infinity'],
])(
	'Parameters (JSON) with %s: refused, naming it; nothing queued',
	async (_case, parametersJson, said) => {
		const { output, jobs } = await run({ specifyParameters: 'json', parametersJson });
		expect(output[0].error).toBe(`Parameters (JSON): ${said}, which JSON cannot carry`);
		expect(jobs).toEqual([]);
	},
);

test.each([
	['at the top', '={{ { "RUN_DATE": $json.runDate } }}', 'RUN_DATE'],
	['in an object', '={{ { "OPTS": { "day": $json.runDate } } }}', 'OPTS.day'],
	['in a list', '={{ { "DAYS": [$json.runDate] } }}', 'DAYS[0]'],
])(
	'Parameters (JSON) with a value that comes out undefined %s: refused, naming it; nothing queued',
	async (_case, parametersJson, path) => {
		const { output, jobs } = await run({ specifyParameters: 'json', parametersJson });
		const option = path === 'RUN_DATE' ? ', or turn on Leave Out Undefined Parameters' : '';
		expect(output[0].error).toBe(
			`Parameters (JSON): ${path} came out undefined: ${CHECK}${option}`,
		);
		expect(jobs).toEqual([]);
	},
);

test.each([
	['at the top', '{"RUN_DATE": "2026-11-21", "RUN_DATE": "2026-11-22"}', 'RUN_DATE'],
	['in an object', '{"OPTS": {"day": 1, "day": 2}}', 'OPTS.day'],
])(
	'Parameters (JSON) giving a name twice %s: refused like the fields, naming it; nothing queued',
	async (_case, parametersJson, path) => {
		const { output, jobs } = await run({ specifyParameters: 'json', parametersJson });
		expect(output[0].error).toBe(`Parameters (JSON): the name '${path}' is given twice`);
		expect(jobs).toEqual([]);
	},
);

test('the same name in different objects is no repeat', async () => {
	const parametersJson = '{"A": {"day": 1}, "B": {"day": 2}, "day": 3}';
	const { jobs } = await run({ specifyParameters: 'json', parametersJson });
	expect(jobs).toEqual([{ A: { day: 1 }, B: { day: 2 }, day: 3 }]);
});
