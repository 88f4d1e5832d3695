/**
 * What the node reads from an answer is what zod's parse of it returns, key for key, and zod's
 * verdict: the same yes or no, and on a no the message names zod's first issue. Answers are
 * made by breaking valid ones at random places and adding own keys that JavaScript treats
 * specially (`__proto__` as JSON.parse makes it, `constructor`, `toString`...), for every
 * schema the transport reads with. The output's objects keep plain prototypes: an answer's
 * `__proto__` never becomes one. Under a second.
 */
import fc from 'fast-check';
import * as z from 'zod/v4-mini';

import * as schemas from '../../../nodes/shared/schemas';
import { readAnswer } from '../../../nodes/shared/transport/request/answer';
import { assetPage, validAsset as asset } from '../../harness/answers';

const KEY = 'aw_test_key_never_in_these_answers';
const CONTEXT = { method: 'GET', status: 200, attempts: 1 };

const summary = { id: 'v', versionNumber: 2, recordType: 'draft', published: true, comment: 'x' };
const version = { ...summary, nodes: [{ id: 'n1', type: 'Input' }], edges: [], metadata: {} };
const job = { jobId: 'j', status: 'running', assetId: 'a1', startedAt: null, finishedAt: '' };

/** Each schema the transport reads answers with, and a valid answer for it. */
const CASES: Array<[string, schemas.Schema, unknown]> = [
	['asset list', schemas.assetListSchema, assetPage([asset, asset])],
	['asset', schemas.assetEnvelopeSchema, { data: asset }],
	['versions', schemas.versionListSchema, { data: { versions: [summary] } }],
	['version', schemas.versionEnvelopeSchema, { data: { version } }],
	[
		'canvas',
		schemas.canvasEnvelopeSchema,
		{ data: { version: { ...summary, nodes: 'any', edges: 1 } } },
	],
	['published', schemas.publishedEnvelopeSchema, { data: { version: null } }],
	['job', schemas.jobEnvelopeSchema, { data: job }],
];
const SPECIAL_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

type Path = Array<string | number>;
const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every path into a value: keys and indexes that exist in it. */
function paths(value: unknown, prefix: Path = []): Path[] {
	const here = [prefix];
	if (Array.isArray(value)) return here.concat(...value.map((v, i) => paths(v, [...prefix, i])));
	if (isObject(value))
		return here.concat(...Object.keys(value).map((k) => paths(value[k], [...prefix, k])));
	return here;
}
const at = (value: unknown, path: Path) =>
	path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

/** A copy of a JSON value (own `__proto__` keys stay own keys, as JSON.parse makes them). */
const copy = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** A copy of `value` with the thing at `path` replaced (or, with `remove`, deleted). */
function broken(value: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
	if (path.length === 0) return copy(replacement);
	const result = copy(value);
	const parent = at(result, path.slice(0, -1)) as Record<string | number, unknown>;
	if (remove && !Array.isArray(parent)) delete parent[path.at(-1)!];
	else parent[path.at(-1)!] = copy(replacement);
	return result;
}

/** The own keys of a value and of everything in it, with the values, as a comparable list. */
function ownKeys(value: unknown): unknown {
	if (typeof value !== 'object' || value === null) return value;
	return Object.getOwnPropertyNames(value).map((key) => [
		key,
		ownKeys((value as Record<string, unknown>)[key]),
	]);
}
/** Whether every object in a value has Object's or Array's own prototype. */
function plain(value: unknown): boolean {
	if (typeof value !== 'object' || value === null) return true;
	const proto = Object.getPrototypeOf(value) as unknown;
	if (proto !== Object.prototype && proto !== Array.prototype) return false;
	return Object.values(value).every(plain);
}

const json = fc.jsonValue({ maxDepth: 2 }).map((v) => v as unknown);
const special = fc.tuple(fc.nat(), fc.constantFrom(...SPECIAL_KEYS), json);

test.each(CASES)(
	"%s: the node's reading is zod's parse, key for key, with special keys anywhere",
	(_name, schema, valid) => {
		const all = paths(valid);
		const english = { error: z.locales.en().localeError };
		fc.assert(
			fc.property(
				fc.nat(all.length - 1),
				json,
				fc.boolean(),
				fc.array(special, { maxLength: 3 }),
				(where, replacement, remove, extras) => {
					const value = broken(valid, all[where], replacement, remove);
					const objects = paths(value).filter((path) => isObject(at(value, path)));
					for (const [n, key, extra] of extras) {
						if (objects.length === 0) break;
						// An own property, as JSON.parse makes one (assigning __proto__ would set the prototype).
						const target = at(value, objects[n % objects.length]) as object;
						const own = {
							value: copy(extra),
							enumerable: true,
							writable: true,
							configurable: true,
						};
						Object.defineProperty(target, key, own);
					}
					const text = JSON.stringify(value);
					const read = readAnswer(text, schema, KEY, CONTEXT);
					const zods = z.safeParse(schema, JSON.parse(text), english);
					if (zods.success) {
						expect('data' in read && ownKeys(read.data)).toEqual(ownKeys(zods.data));
						expect('data' in read && plain(read.data)).toBe(true);
					} else {
						const message = `the answer does not match the API contract: ${schemas.describeSchemaError(zods.error)}`;
						expect('failure' in read && read.failure.message).toBe(message);
					}
				},
			),
			{ numRuns: 300, seed: 20261125 },
		);
	},
);

test('a written __proto__ key, or one spelled with \\u escapes, is not in the output and sets no prototype', () => {
	for (const spelling of ['__proto__', '\\u005f\\u005fproto\\u005f\\u005f']) {
		const text = `{"data":{"jobId":"j","status":"running","${spelling}":{"status":"failed"}}}`;
		const read = readAnswer(text, schemas.jobEnvelopeSchema, KEY, CONTEXT);
		expect('data' in read).toBe(true);
		const { data } = read as { data: { data: object } };
		expect(ownKeys(data)).toEqual([
			[
				'data',
				[
					['jobId', 'j'],
					['status', 'running'],
				],
			],
		]);
		expect(Object.getPrototypeOf(data.data)).toBe(Object.prototype);
	}
});
