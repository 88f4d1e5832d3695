/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The fast checks compiled from the API's zod schemas say yes exactly when zod does, and then zod's
 * result has the same content: random answers, made by breaking valid ones at random places,
 * compared against zod itself. About 2 s.
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

import { checkOf, compileCheck } from '../../nodes/shared/schemaCheck';
import * as schemas from '../../nodes/shared/schemas';

const asset = {
	id: 'a1',
	name: 'Revenue',
	description: null,
	type: 'Model',
	createdAt: '2026-11-01T00:00:00Z',
	updatedAt: '2026-11-02T00:00:00Z',
	owner: { id: null, displayName: 'Ann', email: 'ann@example.com', extra: 1 },
	parentFolder: { id: 'f', name: 'Finance' },
	schedules: [{ cronExpression: '0 * * * *', timezone: 'UTC', nextRunAt: null }],
	details: { tablePrefix: 'rev_' },
	extra: { any: ['thing'] },
};
const summary = { id: 'v', versionNumber: 2, recordType: 'draft', published: true, comment: 'x' };
const version = { ...summary, nodes: [{ id: 'n1', type: 'Input' }], edges: [], metadata: {} };
const job = { jobId: 'j', status: 'running', assetId: 'a1', startedAt: null, finishedAt: '' };

/** Each schema the transport reads answers with, and a valid answer for it. */
const CASES: Array<[string, z.ZodTypeAny, unknown]> = [
	[
		'asset list',
		schemas.assetListSchema,
		{ data: [asset, asset], meta: { limit: 100, offset: 0, hasMore: false } },
	],
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

const json = fc.jsonValue({ maxDepth: 2 }).map((v) => v as unknown);
/** A path into a value: keys and indexes that exist in it. */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
	const here = [prefix];
	if (Array.isArray(value)) return here.concat(...value.map((v, i) => paths(v, [...prefix, i])));
	if (typeof value === 'object' && value !== null)
		return here.concat(...Object.entries(value).map(([k, v]) => paths(v, [...prefix, k])));
	return here;
}
/** `value` with the thing at `path` replaced (or, with `remove`, deleted). */
function broken(
	value: unknown,
	path: Array<string | number>,
	replacement: unknown,
	remove: boolean,
) {
	const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
	if (path.length === 0) return replacement;
	let parent: Record<string | number, unknown> = copy;
	for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
	const last = path.at(-1)!;
	if (remove && !Array.isArray(parent)) delete parent[last];
	else parent[last] = replacement;
	return copy;
}

test.each(CASES)(
	'%s: every schema the transport reads with compiles to a check',
	(_name, schema) => {
		expect(checkOf(schema)).toBeDefined();
	},
);

test.each(CASES)(
	'%s: the check says yes exactly when zod does, and then zod gives the same content',
	(_name, schema, valid) => {
		const check = checkOf(schema)!;
		const all = paths(valid);
		fc.assert(
			fc.property(fc.nat(all.length - 1), json, fc.boolean(), (at, replacement, remove) => {
				const value = broken(valid, all[at], replacement, remove);
				const parsed = schema.safeParse(value);
				expect({ value, fast: check(value) }).toEqual({ value, fast: parsed.success });
				if (parsed.success) expect(isDeepStrictEqual(parsed.data, value)).toBe(true);
			}),
			{ numRuns: 400, seed: 20261124 },
		);
	},
);

test('schemas with parts the check does not know are left to zod', () => {
	expect(compileCheck(z.object({ a: z.string() }))).toBeUndefined(); // strips unknown keys
	expect(compileCheck(z.object({ a: z.string().min(1) }).passthrough())).toBeUndefined();
	expect(compileCheck(z.array(z.number()).min(1))).toBeUndefined();
	expect(compileCheck(z.enum(['a', 'b']))).toBeUndefined();
	expect(checkOf(schemas.errorBodySchema)).toBeUndefined();
	const int = compileCheck(z.number().int())!;
	expect([int(1), int(1.5), int(Number.NaN), int('1')]).toEqual([true, false, false, false]);
});
