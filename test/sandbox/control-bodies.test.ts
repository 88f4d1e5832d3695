/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Every control endpoint that takes a body checks it before anything changes. A body that does not
 * fit answers 400 `invalid_body` naming the field and the value, the workspace (what the public API
 * serves, the faults, the job) stays exactly as it was, and later changes still work. Over real
 * HTTP, about 1 s.
 */
import { SEED_IDS } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { allAssets, api, call, newAsset, removeAsset, changeAsset } from '../harness/http';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const REVENUE = SEED_IDS.revenueForecast;
const STRIPE = SEED_IDS.stripePayments;
const F = SEED_IDS.folders;

let sandbox: Sandbox;
let jobId: string;
beforeAll(async () => {
	sandbox = await startSandbox({ jobStepMs: 60_000 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
	await call(sandbox, '/__sandbox/reset', { method: 'POST' });
	jobId = (
		await api(sandbox, `/assets/${STRIPE}/execute`, { method: 'POST', body: { jobSource: 'API' } })
	).json.data.jobId;
});

/** Everything a refused body could have changed, as the API and the control endpoints show it. */
const everything = async () =>
	JSON.stringify([
		await allAssets(sandbox),
		(await api(sandbox, `/assets/${REVENUE}/model/versions`)).json,
		(await api(sandbox, `/assets/${REVENUE}/model`)).json,
		(await call(sandbox, '/__sandbox/faults')).json,
		(await call(sandbox, `/__sandbox/jobs/${jobId}`)).json,
	]);

// [method, path ({job}: a queued job's id), body, what the message must name]
const cases: Array<[string, string, unknown, string[]]> = [
	['PATCH', '/__sandbox/assets/{stripe}', { name: 123 }, ["'name'", '123']],
	['PATCH', '/__sandbox/assets/{stripe}', { name: '  ' }, ["'name'", '"  "']],
	['PATCH', '/__sandbox/assets/{stripe}', { description: 5 }, ["'description'", '5']],
	['PATCH', '/__sandbox/assets/{stripe}', { folderId: 'finance' }, ["'folderId'", 'finance']],
	['PATCH', '/__sandbox/assets/{stripe}', { folderId: REVENUE }, ["'folderId'", REVENUE]],
	[
		'PATCH',
		'/__sandbox/assets/{finance}',
		{ folderId: F.financeArchive },
		["'folderId'", F.financeArchive],
	],
	['PATCH', '/__sandbox/assets/{stripe}', { nmae: 'typo' }, ["'nmae'"]],
	['PATCH', '/__sandbox/assets/{stripe}', ['x'], ['body', '["x"]']],
	['POST', '/__sandbox/assets', { name: 123 }, ["'name'", '123']],
	['POST', '/__sandbox/assets', { type: 'Spaceship' }, ["'type'", 'Spaceship']],
	['POST', '/__sandbox/assets', { type: 'Internal' }, ["'type'", 'Internal']],
	['POST', '/__sandbox/assets', { folderId: UNKNOWN }, ["'folderId'", UNKNOWN]],
	['POST', '/__sandbox/assets', { folderId: STRIPE }, ["'folderId'", STRIPE]],
	['POST', '/__sandbox/assets', null, ['body', 'null']],
	['POST', '/__sandbox/models/{revenue}/versions', { nodes: 'x' }, ["'nodes'", '"x"']],
	['POST', '/__sandbox/models/{revenue}/versions', { nodes: [1] }, ["'nodes[0]'", '1']],
	['POST', '/__sandbox/models/{revenue}/versions', { edges: {} }, ["'edges'", '{}']],
	['POST', '/__sandbox/models/{revenue}/versions', { metadata: [] }, ["'metadata'", '[]']],
	['POST', '/__sandbox/models/{revenue}/versions', { comment: 7 }, ["'comment'", '7']],
	['POST', '/__sandbox/models/{revenue}/versions', { publish: 'yes' }, ["'publish'", 'yes']],
	['POST', '/__sandbox/jobs/{job}', null, ['body', 'null']],
	['POST', '/__sandbox/jobs/{job}', { status: 'done' }, ["'status'", 'done']],
	['POST', '/__sandbox/jobs/{job}', { hold: 'yes' }, ["'hold'", 'yes']],
	['POST', '/__sandbox/jobs/{job}', { stauts: 'failed' }, ["'stauts'"]],
	[
		'POST',
		'/__sandbox/faults',
		{ match: '/api', times: 1, fault: 'status', status: 503, method: 5 },
		["'method'", '5'],
	],
	[
		'POST',
		'/__sandbox/faults',
		{ match: '/api', times: 1, fault: 'html', status: 99 },
		["'status'", '99'],
	],
	[
		'POST',
		'/__sandbox/faults',
		{ match: '/api', times: 1, fault: 'hang', delayMs: 'slow' },
		["'delayMs'", 'slow'],
	],
	[
		'POST',
		'/__sandbox/faults',
		{ match: '/api', times: 1, fault: 'reset', echoRequest: 'yes' },
		["'echoRequest'", 'yes'],
	],
	[
		'POST',
		'/__sandbox/faults',
		[
			{ match: '/api', times: 1, fault: 'reset' },
			{ match: '/api', times: 0, fault: 'reset' },
		],
		["'times'", '0'],
	],
];

const resolve = (path: string) =>
	path
		.replace('{stripe}', STRIPE)
		.replace('{finance}', F.finance)
		.replace('{revenue}', REVENUE)
		.replace('{job}', jobId);

test.each(
	cases.map(([method, path, body, named]): [string, string, string, string[]] => [
		method,
		path,
		JSON.stringify(body),
		named,
	]),
)(
	'%s %s %s is refused with 400 naming the field and the value; nothing changes',
	async (method, path, body, named) => {
		const before = await everything();
		const res = await call(sandbox, resolve(path), {
			method,
			rawBody: body,
			headers: { 'content-type': 'application/json' },
		});
		expect(res.status).toBe(400);
		expect(res.json).toEqual({ error: { code: 'invalid_body', message: expect.any(String) } });
		for (const part of named) expect(res.json.error.message).toContain(part);
		expect(await everything()).toBe(before);
		// Nothing was left half done: creating, changing and removing still work.
		const made = await newAsset(sandbox, { name: 'After', folderId: F.marketing });
		expect((await changeAsset(sandbox, made.id, { name: 'After, renamed' })).name).toBe(
			'After, renamed',
		);
		expect(await removeAsset(sandbox, made.id)).toEqual({ removed: made.id });
		expect(await everything()).toBe(before);
	},
);

test('PATCH folderId moves an asset (null: to the root); the listing and parentFolder follow', async () => {
	const moved = await changeAsset(sandbox, STRIPE, { folderId: F.marketing });
	expect(moved.parentFolder).toEqual({ id: F.marketing, name: 'Marketing' });
	const inMarketing = (await api(sandbox, `/assets?folderId=${F.marketing}&limit=100`)).json.data;
	expect(inMarketing.map((a: any) => a.id)).toContain(STRIPE);
	expect((await changeAsset(sandbox, STRIPE, { folderId: null })).parentFolder).toBeNull();
	const inFinance = (await api(sandbox, `/assets?folderId=${F.finance}&limit=100`)).json.data;
	expect(inFinance.map((a: any) => a.id)).not.toContain(STRIPE);
});
