/**
 * The changes a model-checked workspace goes through (creates with any name, removals, renames,
 * updates, moves between folders), stamped with the service's clock, and the history of every
 * asset that the invariants read: what was there when, under which name and in which folder.
 */
import fc from 'fast-check';

import type { SimAsset, SimWorkspace } from './sim-service';

export const FOLDERS = [
	null,
	'00000000-0000-4000-8000-f00000000001',
	'00000000-0000-4000-8000-f00000000002',
];

export type Change =
	| { kind: 'create'; name: string; folder: number; count?: number }
	| { kind: 'remove'; pick: number; count?: number }
	| { kind: 'rename'; pick: number; name: string }
	| { kind: 'update'; pick: number }
	| { kind: 'move'; pick: number; folder: number };

/**
 * Spellings of a name: as it is, or as the collations of the family sort it as equal or not (case,
 * an accent composed or not, full width, a trailing space, a hyphen, ss or ß, a ligature).
 */
export const SPELLINGS: Array<(name: string) => string> = [
	(name) => name.toUpperCase(),
	(name) => `${name[0]}\u0301${name.slice(1)}`.normalize('NFC'),
	(name) => `${name[0]}\u0301${name.slice(1)}`,
	(name) => Array.from(name, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0)).join(''),
	(name) => `${name} `,
	(name) => `${name[0]}-${name.slice(1)}`,
	(name) => `${name}ss`,
	(name) => `${name}ß`,
	(name) => `ﬁ${name}`,
	(name) => `fi${name}`,
];
const spelt = (name: string, spelling: number) => SPELLINGS[spelling]?.(name) ?? name;

const name = fc
	.tuple(fc.stringMatching(/^[a-dA-D][a-d0-9]{0,2}$/), fc.nat({ max: 2 * SPELLINGS.length }))
	.map(([word, spelling]) => spelt(word, spelling));
const pick = fc.nat({ max: 10_000 });
const folder = fc.nat({ max: 2 });

/** Many assets created at once (an import): more than a page moves past the reading point. */
export const burstArb: fc.Arbitrary<Change> = fc.record({
	kind: fc.constant('create' as const),
	name,
	folder,
	count: fc.integer({ min: 2, max: 12 }),
});

/** Assets next to each other in name order removed at once (a folder emptied): a whole page goes. */
export const sweepArb: fc.Arbitrary<Change> = fc.record({
	kind: fc.constant('remove' as const),
	pick,
	count: fc.integer({ min: 3, max: 12 }),
});

export const changeArb: fc.Arbitrary<Change> = fc.oneof(
	{ arbitrary: fc.record({ kind: fc.constant('create' as const), name, folder }), weight: 3 },
	{ arbitrary: burstArb, weight: 1 },
	{ arbitrary: fc.record({ kind: fc.constant('remove' as const), pick }), weight: 2 },
	{ arbitrary: sweepArb, weight: 1 },
	{ arbitrary: fc.record({ kind: fc.constant('rename' as const), pick, name }), weight: 1 },
	{ arbitrary: fc.record({ kind: fc.constant('update' as const), pick }), weight: 2 },
	{ arbitrary: fc.record({ kind: fc.constant('move' as const), pick, folder }), weight: 1 },
);

/** A generated workspace's assets: `count` of them, names and folders drawn from `seed`. */
export function seedAssets(workspace: SimWorkspace, count: number, seed: number, at: number) {
	let state = seed >>> 0 || 7;
	const next = () => {
		state = (Math.imul(state, 1103515245) + 12345) >>> 0;
		return state;
	};
	let word = '';
	for (let i = 0; i < count; i++) {
		const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
		// One in three shares the word before (each folder's "config"): equal names, often several
		// in a row; half of those are spelt another way, as a service may sort as equal, or not.
		const shares = i > 0 && next() % 3 === 0;
		if (!shares) word = (next() % 46656).toString(36).padStart(3, 'a');
		const spelling = shares && next() % 2 === 0 ? next() % SPELLINGS.length : -1;
		// Most changed days ago; some within the two seconds before the first reading.
		const updatedAt = at - (next() % 5 === 0 ? next() % 2_000 : (1 + (next() % 3)) * 86_400_000);
		workspace.assets.set(id, {
			id,
			name: spelt(word, spelling),
			folderId: FOLDERS[next() % 3],
			createdAt: updatedAt - 1000,
			updatedAt,
		});
	}
}

/** Every state each asset had, with when (n8n's time) it began; undefined: gone. */
export class History {
	private readonly states = new Map<string, Array<{ at: number; asset?: SimAsset }>>();

	record(id: string, at: number, asset: SimAsset | undefined) {
		const list = this.states.get(id) ?? [];
		list.push({ at, asset: asset && { ...asset } });
		this.states.set(id, list);
	}

	/** The states of `id` that were current at some moment in [from, to]. */
	during(id: string, from: number, to: number) {
		const list = this.states.get(id) ?? [];
		return list.filter((state, i) => state.at <= to && (list[i + 1]?.at ?? Infinity) >= from);
	}

	ids() {
		return [...this.states.keys()];
	}

	/** Whether any asset changed in [from, to] (created, removed, renamed, updated or moved). */
	changedDuring(from: number, to: number) {
		return [...this.states.values()].some((list) => list.some((s) => s.at >= from && s.at <= to));
	}

	/** The most assets that bore one name group (`group`) in [from, to] where `where` holds. */
	largestNameGroup(
		from: number,
		to: number,
		where: (a: SimAsset) => boolean,
		group: (name: string) => string,
	) {
		const bearers = new Map<string, Set<string>>();
		for (const id of this.ids())
			for (const { asset } of this.during(id, from, to)) {
				if (!asset || !where(asset)) continue;
				const name = group(asset.name);
				bearers.set(name, (bearers.get(name) ?? new Set()).add(id));
			}
		return Math.max(0, ...Array.from(bearers.values(), (ids) => ids.size));
	}
}

let created = 0;

/** Applies `change` at n8n's time `now` (stamped with the service's clock); a label for the story. */
export function applyChange(
	workspace: SimWorkspace,
	history: History,
	change: Change,
	now: number,
): string {
	const stamp = now + workspace.clocks.skewMs;
	// Internal-only assets keep their names and places (a removal sweep may take them).
	const ids = [...workspace.assets.values()]
		.filter((asset) => !asset.internal)
		.map((asset) => asset.id)
		.sort();
	if (change.kind === 'create') {
		for (let i = 0; i < (change.count ?? 1); i++) {
			const id = `00000000-0000-4000-9000-${String(++created).padStart(12, '0')}`;
			const name = i === 0 ? change.name : `${change.name}${i}`;
			const folderId = FOLDERS[change.folder];
			const asset = { id, name, folderId, createdAt: stamp, updatedAt: stamp };
			workspace.assets.set(id, asset);
			history.record(id, now, asset);
		}
		return `create ${change.count ?? 1} "${change.name}" in ${change.folder}`;
	}
	if (ids.length === 0) return 'nothing to change';
	if (change.kind === 'remove' && change.count) {
		const listing = workspace.listing();
		const from = change.pick % listing.length;
		for (const asset of listing.slice(from, from + change.count)) {
			workspace.assets.delete(asset.id);
			history.record(asset.id, now, undefined);
		}
		return `remove ${change.count} from "${listing[from].name}"`;
	}
	const id = ids[change.pick % ids.length];
	const asset = workspace.assets.get(id)!;
	if (change.kind === 'remove') {
		workspace.assets.delete(id);
		history.record(id, now, undefined);
		return `remove ${id.slice(-4)} "${asset.name}"`;
	}
	const changed = { ...asset, updatedAt: stamp };
	if (change.kind === 'rename') changed.name = change.name;
	if (change.kind === 'move') changed.folderId = FOLDERS[change.folder];
	workspace.assets.set(id, changed);
	history.record(id, now, changed);
	return `${change.kind} ${id.slice(-4)} "${asset.name}"${change.kind === 'rename' ? ` to "${change.name}"` : ''}${change.kind === 'move' ? ` to ${change.folder}` : ''}`;
}

/** Records every asset of the workspace as it is at `now` (just before the scenario begins). */
export function recordAll(workspace: SimWorkspace, history: History, now: number) {
	for (const asset of workspace.assets.values()) history.record(asset.id, now, asset);
}

/** At a page boundary as a page is served: `shift` assets before `at` (where the next page would
 * start) go, and one of the page before is renamed into the next, under a name not read yet. */
export function seamChange(
	workspace: SimWorkspace,
	history: History,
	at: number,
	shift: number,
	now: number,
) {
	const listing = workspace.listing();
	const [renamed, into] = [listing[at - shift - 1], listing[at + shift + 1]];
	if (!renamed || !into || renamed.internal) return 'no seam there';
	applyChange(workspace, history, { kind: 'remove', pick: at - shift, count: shift }, now);
	const visible = [...workspace.assets.values()].filter((asset) => !asset.internal);
	const pick = visible
		.map((asset) => asset.id)
		.sort()
		.indexOf(renamed.id);
	return applyChange(workspace, history, { kind: 'rename', pick, name: `${into.name}0` }, now);
}

/** Where internal-only assets stand: the first in name order, one a page, or a run after one. */
export type Internal =
	| { kind: 'first'; count: number }
	| { kind: 'each'; every: number }
	| { kind: 'run'; after: number; count: number };

export const internalArb: fc.Arbitrary<Internal | null> = fc.option(
	fc.oneof(
		fc.record({ kind: fc.constant('first' as const), count: fc.integer({ min: 1, max: 120 }) }),
		fc.record({ kind: fc.constant('each' as const), every: fc.integer({ min: 1, max: 12 }) }),
		fc.record({
			kind: fc.constant('run' as const),
			after: fc.nat({ max: 300 }),
			count: fc.integer({ min: 1, max: 400 }),
		}),
	),
	{ freq: 2 },
);

let internal = 0;

/**
 * Places internal-only assets in each folder's listing (and so in the whole workspace's): named
 * to sort first (digits), or right after a visible asset (its name and a tilde), never as equal
 * to a visible one.
 */
export function placeInternal(workspace: SimWorkspace, place: Internal, at: number) {
	const add = (name: string, folderId: string | null) => {
		const id = `00000000-0000-4000-a000-${String(++internal).padStart(12, '0')}`;
		workspace.assets.set(id, { id, name, folderId, createdAt: at, updatedAt: at, internal: true });
	};
	for (const folderId of FOLDERS) {
		const visible = workspace.listing(folderId ?? undefined).filter((asset) => !asset.internal);
		if (place.kind === 'first')
			for (let k = 0; k < place.count; k++) add(`0${String(k).padStart(4, '0')}`, folderId);
		if (place.kind === 'each')
			visible.forEach((asset, i) => i % place.every === 0 && add(`${asset.name}~`, folderId));
		const after = visible[place.kind === 'run' ? place.after % Math.max(1, visible.length) : -1];
		if (place.kind === 'run' && after)
			for (let k = 0; k < place.count; k++)
				add(`${after.name}~${String(k).padStart(4, '0')}`, folderId);
	}
}

/**
 * The most places a group of names (by `group`) takes in `listing`, from the asset before its
 * first to its last, internal-only assets among them counted: what a page must show at once to
 * prove the group whole.
 */
export function longestGroupSpan(listing: SimAsset[], group: (name: string) => string) {
	let [longest, before, last, current] = [0, -1, -1, undefined as string | undefined];
	listing.forEach((asset, i) => {
		if (asset.internal) return;
		if (group(asset.name) !== current) [before, current] = [last, group(asset.name)];
		longest = Math.max(longest, i - before + 1);
		last = i;
	});
	return longest;
}

/** The longest run of internal-only assets in a row in `listing`. */
export function longestInternalRun(listing: SimAsset[]) {
	let [longest, run] = [0, 0];
	for (const asset of listing) {
		run = asset.internal ? run + 1 : 0;
		longest = Math.max(longest, run);
	}
	return longest;
}

/** Names a service may sort as equal, several of them around a page boundary. */
export interface Cluster {
	/** The page boundary (1: between the first and the second page), and how far from it. */
	page: number;
	shift: number;
	spellings: number[];
}

export const clusterArb: fc.Arbitrary<Cluster | null> = fc.option(
	fc.record({
		page: fc.integer({ min: 1, max: 3 }),
		shift: fc.integer({ min: -3, max: 2 }),
		spellings: fc.array(fc.nat({ max: SPELLINGS.length }), { minLength: 3, maxLength: 10 }),
	}),
	{ freq: 4 },
);

/** Spellings of the name of the asset at a page boundary of `pageSize` pages, beside it, in each
 * folder's listing (and so in the whole workspace's). */
export function placeCluster(
	workspace: SimWorkspace,
	cluster: Cluster,
	pageSize: number,
	at: number,
) {
	for (const folderId of [undefined, ...FOLDERS.slice(1)]) {
		const listing = workspace.listing(folderId ?? undefined);
		const near = listing[cluster.page * Math.max(1, pageSize - 2) + cluster.shift];
		if (!near || near.internal) continue;
		for (const spelling of cluster.spellings) {
			const id = `00000000-0000-4000-b000-${String(++internal).padStart(12, '0')}`;
			const name = spelt(near.name, spelling);
			workspace.assets.set(id, { ...near, id, name, createdAt: at, updatedAt: at });
		}
	}
}
