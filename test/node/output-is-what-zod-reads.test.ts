/**
 * An operation's output is the answer as zod reads it, key for key: an own `__proto__` key (as
 * JSON.parse makes one from a server's answer) is not carried into the output item, where zod
 * drops it, nor does its value become the item's prototype; keys such as `constructor` and
 * `toString` are kept with their values. The real node in n8n's engine against a small fake
 * server; zod's parse of the same answer is the reference. About 1 s.
 */
import { assetEnvelopeSchema, assetListSchema } from '../../nodes/shared/schemas';
import { SEED_IDS } from '../../sandbox/seed';
import { validAsset } from '../harness/answers';
import { fakeServer, type FakeServer } from '../harness/fake-server';
import { OWNER } from '../harness/http';
import { runNode } from '../harness/engine';
import { rl } from '../harness/fixtures';

const asset = { ...validAsset, id: SEED_IDS.revenueForecast };
/**
 * The asset's JSON with keys JavaScript treats specially, at the top and in `owner`: `__proto__`
 * (an object, which zod's output would otherwise take as its prototype), `constructor`,
 * `toString` and `hasOwnProperty`.
 */
const special = `"__proto__":{"name":"not the name","isAdmin":true},"constructor":"c","toString":1,"hasOwnProperty":null`;
const assetText = JSON.stringify(asset)
	.replace(/^\{/, `{${special},`)
	.replace('"owner":{', `"owner":{${special},`);

let server: FakeServer;
beforeAll(async () => {
	server = await fakeServer((req, res) => {
		const page = req.url!.startsWith('/api/public/v1/assets?');
		const text = page
			? `{"data":[${assetText}],"meta":{"limit":100,"offset":0,"hasMore":false},"__proto__":[]}`
			: `{"data":${assetText},"__proto__":null}`;
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end(text);
	});
});
afterAll(() => server.close());

const run = (parameters: object) =>
	runNode({
		parameters: parameters as never,
		credentials: { baseUrl: server.url, apiKey: OWNER },
	});

/** The own keys of a value and of everything in it, as a comparable list. */
function ownKeys(value: unknown): unknown {
	if (typeof value !== 'object' || value === null) return value;
	return Object.getOwnPropertyNames(value).map((key) => [
		key,
		ownKeys((value as Record<string, unknown>)[key]),
	]);
}

test("Asset > Get: the output item's keys are zod's, no own __proto__, constructor and toString kept", async () => {
	const result = await run({ resource: 'asset', operation: 'get', assetId: rl(asset.id) });
	expect(result.error).toBeUndefined();
	const output = result.outputs[0][0].json;
	const zods = assetEnvelopeSchema.parse(JSON.parse(`{"data":${assetText}}`)).data;
	expect(ownKeys(output)).toEqual(ownKeys(zods));
	expect(Object.keys(output)).not.toContain('__proto__');
	expect(output).toMatchObject({ name: 'Revenue', constructor: 'c', toString: 1 });
	expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
	expect(Object.getPrototypeOf(output.owner)).toBe(Object.prototype);
	expect('isAdmin' in output).toBe(false);
	expect(Object.keys(output.owner as object)).toEqual(Object.keys(zods.owner));
	expect(JSON.parse(JSON.stringify(output))).toEqual(JSON.parse(JSON.stringify(zods)));
});

test("Asset > Get Many (Return All): each item's keys are zod's for the same page", async () => {
	const result = await run({ resource: 'asset', operation: 'getAll', returnAll: true });
	expect(result.error).toBeUndefined();
	const page = `{"data":[${assetText}],"meta":{"limit":100,"offset":0,"hasMore":false}}`;
	const zods = assetListSchema.parse(JSON.parse(page)).data;
	expect(result.outputs[0].map((item) => ownKeys(item.json))).toEqual(zods.map(ownKeys));
	for (const { json } of result.outputs[0])
		expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
	expect(JSON.parse(JSON.stringify(result.outputs[0].map((item) => item.json)))).toEqual(
		JSON.parse(JSON.stringify(zods)),
	);
});
