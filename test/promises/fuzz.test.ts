/**
 * Promise: bad input is refused before anything is sent. Fuzzed input: generated ids and execute
 * parameters go through the node in n8n's engine; each is accepted or rejected exactly as an
 * independent oracle says, and rejected ones send nothing. About 1 s.
 */
import fc from 'fast-check';

import { SEED_IDS } from '../../sandbox/seed';
import { runNode } from '../harness/engine';
import { json, rl, useSandbox } from '../harness/fixtures';

const env = useSandbox({ jobStepMs: 1_000_000_000 });
const ORACLE_UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ORACLE_NAME = /^[A-Za-z0-9_]+$/;

const idArbitrary = fc.oneof(
	fc.uuid(),
	fc.uuid().map((id) => id.toUpperCase()),
	fc.uuid().map((id) => ` ${id} `),
	fc
		.uuid()
		.chain((id) =>
			fc.constantFrom(
				`${id}/execute`,
				`../${id}`,
				`${id}?x=1`,
				`${id}#`,
				id.slice(1),
				`${id}0`,
				id.replace(/-/g, ''),
			),
		),
	fc.string({ maxLength: 40 }),
	fc.constantFrom(
		'',
		'..',
		'../../jobs',
		'%2e%2e%2f',
		'/etc/passwd',
		'null',
		'00000000-0000-0000-0000-00000000000g',
	),
);

test('ids: a few hundred generated values, accepted or rejected by the rule, nothing sent for rejected ones', async () => {
	const ids = fc.sample(idArbitrary, { numRuns: 300, seed: 20261122 });
	const accepted = ids.filter((id) => ORACLE_UUID.test(id.trim()));
	expect(accepted.length).toBeGreaterThan(50);
	expect(ids.length - accepted.length).toBeGreaterThan(100);
	const result = await runNode({
		credentials: env.credentials,
		items: ids.map((id) => ({ id })),
		parameters: { resource: 'job', operation: 'get', jobId: '={{ $json.id }}' },
		onError: 'continueRegularOutput',
	});
	const out = json(result);
	expect(out).toHaveLength(ids.length);
	ids.forEach((id, i) => {
		if (ORACLE_UUID.test(id.trim()))
			expect(out[i].error).toMatch(
				/^Asset Workspace API: Job .* was not found\. \[404 not_found\] Check the job id: it comes from Asset > Execute\.$/,
			);
		else expect(out[i].error).toMatch(/^Job ID must be a UUID, got '/);
	});
	expect(env.sandbox.requests.map((r) => r.path).sort()).toEqual(
		accepted.map((id) => `/api/public/v1/jobs/${id.trim().toLowerCase()}`).sort(),
	);
});

const nameArbitrary = fc.oneof(
	fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/),
	fc.string({ maxLength: 12 }),
);
const parametersArbitrary = fc.oneof(
	fc
		.dictionary(nameArbitrary, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
		.map((o) => JSON.stringify(o)),
	fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
	fc.string({ maxLength: 30 }),
);

function oracleAccepts(text: string): boolean {
	// An empty Parameters (JSON), as a model sends for "not set", means no parameters.
	if (text === '') return true;
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return false;
	}
	return (
		typeof value === 'object' &&
		value !== null &&
		!Array.isArray(value) &&
		Object.keys(value).every((k) => ORACLE_NAME.test(k))
	);
}

test('parameters: a few hundred generated JSON texts, accepted or rejected by the rule, nothing sent for rejected ones', async () => {
	const texts = fc.sample(parametersArbitrary, { numRuns: 300, seed: 1122 });
	const accepted = texts.filter(oracleAccepts);
	expect(accepted.length).toBeGreaterThan(50);
	expect(texts.length - accepted.length).toBeGreaterThan(100);
	const result = await runNode({
		credentials: env.credentials,
		items: texts.map((p) => ({ p })),
		parameters: {
			resource: 'asset',
			operation: 'execute',
			assetId: rl(SEED_IDS.slackNotifier),
			waitForCompletion: false,
			specifyParameters: 'json',
			parametersJson: '={{ $json.p }}',
		},
		onError: 'continueRegularOutput',
	});
	const out = json(result);
	texts.forEach((text, i) => {
		if (oracleAccepts(text))
			expect(out[i]).toMatchObject({ status: 'pending', assetId: SEED_IDS.slackNotifier });
		else expect(out[i].error).toMatch(/^Parameters \(JSON\)[ :]/);
	});
	const sent = (
		env.sandbox.workspace.listJobs(env.sandbox.workspace.keyFor('aw_sandbox_owner')!) as Array<{
			parameters: unknown;
		}>
	).map((j) => j.parameters);
	expect(sent).toHaveLength(accepted.length);
	expect(sent).toEqual(expect.arrayContaining(accepted.map((t) => JSON.parse(t || '{}'))));
});
