/* eslint-disable @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The listing's index (sandbox/listing.ts) against a brute-force filter of the same workspace:
 * after random creates, renames, moves between folders (into and out of the folder the viewer
 * cannot read, folders with what is in them), removals and resets, every page for each key, with
 * and without a folder filter, is what filtering and sorting every asset gives. About 2 s.
 */
import fc from 'fast-check';

import { changeAsset, createAsset, removeAsset } from '../../sandbox/changes';
import { ApiError } from '../../sandbox/errors';
import { KEYS, SEED_IDS, type SandboxKey, type StoredAsset } from '../../sandbox/seed';
import { Workspace } from '../../sandbox/workspace';

const [OWNER] = KEYS;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PAGE = 7;

/** The documented order, written out again: case-insensitive name, then name, then id. */
function nameOrder(a: StoredAsset, b: StoredAsset) {
	const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
	if (x !== y) return x < y ? -1 : 1;
	if (a.name !== b.name) return a.name < b.name ? -1 : 1;
	return a.id < b.id ? -1 : 1;
}

function bruteForce(workspace: Workspace, key: SandboxKey, folderId?: string) {
	return [...workspace.assets.values()]
		.filter((a) => a.type !== 'Internal')
		.filter((a) => folderId === undefined || a.parentFolderId === folderId)
		.filter((a) => workspace.canRead(key, a))
		.sort(nameOrder);
}

/** Every page of every view, against the brute-force answer (`whole`: each first page whole). */
function expectEveryPage(workspace: Workspace, folderIds: Set<string>, whole = false) {
	for (const key of KEYS) {
		for (const folderId of [undefined, UNKNOWN, ...folderIds]) {
			const expected = bruteForce(workspace, key, folderId);
			const [got, want]: unknown[][] = [[], []];
			for (let offset = 0; offset <= expected.length + PAGE; offset += PAGE) {
				const page = workspace.listAssets(key, PAGE, offset, folderId);
				const ids = expected.slice(offset, offset + PAGE).map((a) => a.id);
				// Ids and meta of every page (the answer's assets are publicAsset of these).
				got.push(
					page.data.map((a) => a.id),
					page.meta,
				);
				want.push(ids, { limit: PAGE, offset, hasMore: ids.length === PAGE });
			}
			// Compared as JSON first: jest's deep equality would take most of the test's time.
			if (JSON.stringify(got) !== JSON.stringify(want)) expect(got).toEqual(want);
			if (whole)
				expect(workspace.listAssets(key, 100, 0, folderId).data).toEqual(
					expected.slice(0, 100).map((a) => workspace.publicAsset(a)),
				);
		}
	}
	const count = bruteForce(workspace, OWNER).length;
	if (workspace.assetCount !== count) expect(workspace.assetCount).toBe(count);
}

// Names that tie case-insensitively, or exactly (then the id decides), or sort among the seed's.
const NAMES = ['alpha', 'Alpha', 'ALPHA', 'Beta', 'beta', 'Revenue Forecast', 'Finance', 'zz', 'Ä'];
const change = fc.oneof(
	fc.record({
		kind: fc.constant('create' as const),
		name: fc.constantFrom(...NAMES),
		type: fc.constantFrom('Folder' as const, 'Source' as const, 'Model' as const),
		folder: fc.nat(),
	}),
	fc.record({
		kind: fc.constant('rename' as const),
		asset: fc.nat(),
		name: fc.constantFrom(...NAMES),
	}),
	fc.record({ kind: fc.constant('move' as const), asset: fc.nat(), folder: fc.nat() }),
	fc.record({ kind: fc.constant('hide' as const), asset: fc.nat() }),
	fc.record({ kind: fc.constant('remove' as const), asset: fc.nat() }),
	fc.record({ kind: fc.constant('reset' as const) }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function apply(workspace: Workspace, c: Change) {
	const assets = [...workspace.assets.values()].filter((a) => a.type !== 'Internal');
	const folders = [null, ...assets.filter((a) => a.type === 'Folder').map((a) => a.id)];
	const pick = (n: number) => assets[n % assets.length].id;
	try {
		if (c.kind === 'create')
			createAsset(workspace, OWNER, {
				name: c.name,
				type: c.type,
				folderId: folders[c.folder % folders.length],
			});
		if (c.kind === 'rename') changeAsset(workspace, OWNER, pick(c.asset), { name: c.name });
		if (c.kind === 'move')
			changeAsset(workspace, OWNER, pick(c.asset), {
				folderId: folders[c.folder % folders.length],
			});
		if (c.kind === 'hide')
			changeAsset(workspace, OWNER, pick(c.asset), { folderId: SEED_IDS.folders.people });
		if (c.kind === 'remove') removeAsset(workspace, OWNER, pick(c.asset));
		if (c.kind === 'reset') workspace.reset();
	} catch (error) {
		// A folder put inside itself (or the hidden folder removed before): refused, nothing changed.
		if (!(error instanceof ApiError) || error.status !== 400) throw error;
	}
}

test('every page of every key and folder is the brute-force answer after random changes', () => {
	let clock = Date.parse('2026-11-24T00:00:00Z');
	const workspace = new Workspace({ jobStepMs: 1000, generated: 30, now: () => (clock += 1000) });
	fc.assert(
		fc.property(fc.array(change, { maxLength: 20 }), (changes) => {
			workspace.reset();
			// Folders ever seen, removed ones too: their former contents still list under them.
			const folderIds = new Set(Object.values(SEED_IDS.folders));
			expectEveryPage(workspace, folderIds);
			for (const c of changes) {
				apply(workspace, c);
				for (const a of workspace.assets.values()) if (a.type === 'Folder') folderIds.add(a.id);
				expectEveryPage(workspace, folderIds);
			}
			expectEveryPage(workspace, folderIds, true);
		}),
		{ seed: 20261124, numRuns: 40 },
	);
});

test("a folder moved into the hidden one takes what is in it out of the viewer's views, and back", () => {
	const workspace = new Workspace({ jobStepMs: 1000, generated: 0 });
	const viewer = KEYS[1];
	const { finance, financeArchive, people } = SEED_IDS.folders;
	const archived = () => workspace.listAssets(viewer, 100, 0, financeArchive).data.length;
	const before = archived();
	expect(before).toBeGreaterThan(0);
	changeAsset(workspace, OWNER, financeArchive, { folderId: people });
	expect(archived()).toBe(0);
	expect(workspace.listAssets(OWNER, 100, 0, financeArchive).data.length).toBe(before);
	changeAsset(workspace, OWNER, financeArchive, { folderId: finance });
	expect(archived()).toBe(before);
	expectEveryPage(workspace, new Set(Object.values(SEED_IDS.folders)), true);
});
