/** Comparing model versions on any JSON shape, without n8n or HTTP. */
import { compareCanvases, summarise } from '../../../nodes/AssetWorkspace/helpers/compareVersions';
import { countedDiff } from '../../../nodes/AssetWorkspace/helpers/jsonDiff';

/** The differences listed (at most the limit). */
const diffJson = (...args: Parameters<typeof countedDiff>) => countedDiff(...args).changes;
import { canvasVersionSchema } from '../../../nodes/shared/schemas';

const version = (nodes: object[], edges: object[] = [], metadata: object = {}) =>
	({ id: 'v', versionNumber: 1, published: false, nodes, edges, metadata }) as never;

test('objects by key, lists of objects with ids by id, other lists by position', () => {
	expect(
		diffJson(
			{
				a: 1,
				b: { c: [1, 2], d: 'x' },
				list: [
					{ id: 'p', v: 1 },
					{ id: 'q', v: 2 },
				],
			},
			{
				a: 1,
				b: { c: [1, 3], e: true },
				list: [
					{ id: 'q', v: 3 },
					{ id: 'r', v: 4 },
				],
			},
		),
	).toEqual([
		{ path: 'b.c[1]', from: 2, to: 3 },
		{ path: 'b.d', from: 'x', to: undefined },
		{ path: 'b.e', from: undefined, to: true },
		{ path: 'list[id=p]', from: { id: 'p', v: 1 }, to: undefined },
		{ path: 'list[id=q].v', from: 2, to: 3 },
		{ path: 'list[id=r]', from: undefined, to: { id: 'r', v: 4 } },
	]);
});

test('any shape compares, deep ones too, and the number of differences is bounded', () => {
	expect(diffJson('a', 5)).toEqual([{ path: '(value)', from: 'a', to: 5 }]);
	expect(diffJson(null, [1])).toEqual([{ path: '(value)', from: null, to: [1] }]);
	let deep: Record<string, unknown> = { leaf: 1 };
	for (let i = 0; i < 500; i++) deep = { next: deep };
	expect(diffJson(deep, { next: 1 })).toHaveLength(1);
	const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
	expect(diffJson({}, many, { limit: 50 })).toHaveLength(50);
	expect(diffJson({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
	expect(diffJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
});

test('tools added, removed and changed (a move is no change), connections, metadata, one line', () => {
	const a = version(
		[
			{ id: 'in', type: 'Input', position: { x: 0 }, config: { table: 'orders' } },
			{ id: 'f', type: 'Filter', position: { x: 1 }, config: { expression: 'a > 1' } },
			{ id: 'old', type: 'Sort', config: {} },
		],
		[{ id: 'e1', source: 'in', target: 'f' }],
		{ owner: 'finance' },
	);
	const b = version(
		[
			{ id: 'in', type: 'Input', position: { x: 50 }, config: { table: 'orders' } },
			{ id: 'f', type: 'Filter', position: { x: 1 }, config: { expression: 'a > 2' } },
			{ id: 'new', type: 'Output', config: { table: 'out' } },
		],
		[
			{ id: 'e1', source: 'in', target: 'f' },
			{ id: 'e2', source: 'f', target: 'new' },
		],
		{ owner: 'finance', tier: 'gold' },
	);
	const diff = compareCanvases(a, b);
	expect(diff.nodes.added).toEqual([{ id: 'new', type: 'Output', config: { table: 'out' } }]);
	expect(diff.nodes.removed).toEqual([{ id: 'old', type: 'Sort', config: {} }]);
	expect(diff.nodes.changed).toEqual([
		{
			id: 'f',
			type: 'Filter',
			fields: [{ path: 'config.expression', from: 'a > 1', to: 'a > 2' }],
		},
	]);
	expect(diff.edges).toEqual({ added: [{ id: 'e2', source: 'f', target: 'new' }], removed: [] });
	expect(diff.metadata).toEqual([{ path: 'tier', from: undefined, to: 'gold' }]);
	expect(summarise(diff)).toBe(
		'1 tool changed, 1 added, 1 removed; 1 connection added, 0 removed; metadata: 1 field changed',
	);
});

test("only a tool's own position is layout: a configuration field named position is compared", () => {
	const a = version([{ id: 't', position: { x: 0 }, config: { position: 1 } }], [], {});
	const b = version([{ id: 't', position: { x: 9 }, config: { position: 2 } }], [], {});
	expect(compareCanvases(a, b).nodes.changed).toEqual([
		{ id: 't', fields: [{ path: 'config.position', from: 1, to: 2 }] },
	]);
});

test('without ids: tools by position, connections as whole values', () => {
	const diff = compareCanvases(
		version([{ t: 'a' }, { t: 'b' }], [{ from: 0, to: 1 }]),
		version(
			[{ t: 'a' }, { t: 'c' }, { t: 'd' }],
			[
				{ to: 1, from: 0 },
				{ from: 1, to: 2 },
			],
		),
	);
	expect(diff.nodes.changed).toEqual([{ fields: [{ path: 't', from: 'b', to: 'c' }] }]);
	expect(diff.nodes.added).toEqual([{ t: 'd' }]);
	expect(diff.edges).toEqual({ added: [{ from: 1, to: 2 }], removed: [] });
	expect(summarise(compareCanvases(version([]), version([])))).toBe(
		'0 tools changed, 0 added, 0 removed; 0 connections added, 0 removed; metadata unchanged',
	);
});

test('a connection that keeps its id but joins other tools is changed', () => {
	const diff = compareCanvases(
		version([], [{ id: 'e1', source: 'a', target: 'b' }]),
		version([], [{ id: 'e1', source: 'a', target: 'c' }]),
	);
	expect(diff.edges).toEqual({
		added: [],
		removed: [],
		changed: [{ id: 'e1', fields: [{ path: 'target', from: 'b', to: 'c' }] }],
	});
	expect(summarise(diff)).toBe(
		'0 tools changed, 0 added, 0 removed; 0 connections added, 0 removed, 1 changed; metadata unchanged',
	);
});

test('ids that repeat in a list are no key (matched by position); 1 and "1" are two ids', () => {
	const duplicated = compareCanvases(
		version([
			{ id: 'a', x: 1 },
			{ id: 'a', x: 2 },
		]),
		version([{ id: 'a', x: 1 }]),
	);
	expect(duplicated.nodes).toEqual({ added: [], removed: [{ id: 'a', x: 2 }], changed: [] });
	const mixed = [{ id: 1 }, { id: '1' }];
	expect(compareCanvases(version(mixed), version([...mixed].reverse())).nodes).toEqual({
		added: [],
		removed: [],
		changed: [],
	});
});

test('a field that became missing is a change from null too', () => {
	expect(diffJson({ a: null }, {})).toEqual([{ path: 'a', from: null, to: undefined }]);
	expect(diffJson({}, { a: null })).toEqual([{ path: 'a', from: undefined, to: null }]);
});

test('shapes the contract does not show never fail: Compare reads any canvas', () => {
	const odd = canvasVersionSchema.parse({
		id: 'v',
		versionNumber: 2,
		published: true,
		nodes: [null, 'text', [1, 2], { id: 'n1' }],
		edges: { not: 'a list' },
		metadata: ['an', 'array'],
	});
	const plain = canvasVersionSchema.parse({ id: 'w', versionNumber: 3, published: false });
	const diff = compareCanvases(odd, plain);
	expect(diff.nodes.removed).toEqual([null, 'text', [1, 2], { id: 'n1' }]);
	expect(diff.edges.removed).toEqual([{ not: 'a list' }]);
	expect(diff.metadata).toEqual([{ path: '(value)', from: ['an', 'array'], to: undefined }]);
	expect(compareCanvases(plain, odd).nodes.added).toHaveLength(4);
});

test('equal connections without ids are counted: one of two removed is one removed', () => {
	const edge = { from: 'a', to: 'b' };
	const diff = compareCanvases(version([], [edge, { ...edge }]), version([], [edge]));
	expect(diff.edges).toEqual({ added: [], removed: [edge] });
});

test('metadata that is null and metadata that is missing differ; both missing is no change', () => {
	const none = { id: 'v', versionNumber: 1, published: false, nodes: [], edges: [] } as never;
	expect(compareCanvases(none, none).metadata).toEqual([]);
	expect(compareCanvases(version([], [], null as never), none).metadata).toEqual([
		{ path: '(value)', from: null, to: undefined },
	]);
});

test('a list cut at 200 says how many it left out; the summary counts every difference', () => {
	const schema = (type: string) =>
		Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`column_${i}`, { type }]));
	const config = (n: number) =>
		Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`field_${i}`, n]));
	const diff = compareCanvases(
		version([{ id: 't', type: 'Select', config: config(1) }], [], { schema: schema('string') }),
		version([{ id: 't', type: 'Select', config: config(2) }], [], { schema: schema('number') }),
	);
	expect(diff.metadata).toHaveLength(200);
	expect(diff.metadataOmitted).toBe(100);
	expect(diff.nodes.changed).toEqual([
		expect.objectContaining({ id: 't', fields: expect.any(Array), fieldsOmitted: 50 }),
	]);
	expect(diff.nodes.changed[0].fields).toHaveLength(200);
	expect(summarise(diff)).toBe(
		'1 tool changed, 0 added, 0 removed; 0 connections added, 0 removed; metadata: 300 fields changed; 150 field changes not listed (each list stops at 200)',
	);
	// Nothing cut: nothing said.
	const small = compareCanvases(version([], [], { a: 1 }), version([], [], { a: 2 }));
	expect(small).not.toHaveProperty('metadataOmitted');
	expect(summarise(small)).toBe(
		'0 tools changed, 0 added, 0 removed; 0 connections added, 0 removed; metadata: 1 field changed',
	);
});
