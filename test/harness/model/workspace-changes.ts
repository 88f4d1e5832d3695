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

const name = fc.stringMatching(/^[a-dA-D][a-d0-9]{0,2}$/);
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
		// One in six shares the name before (each folder's "config"): equal names, often a pair.
		if (i === 0 || next() % 6 !== 0) word = (next() % 46656).toString(36).padStart(3, 'a');
		// Most changed days ago; some within the two seconds before the first reading.
		const updatedAt = at - (next() % 5 === 0 ? next() % 2_000 : (1 + (next() % 3)) * 86_400_000);
		workspace.assets.set(id, {
			id,
			name: `${word[0]}${word.slice(1)}`,
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

	/** The most assets that bore one name (case aside) in [from, to] where `where` holds. */
	largestNameGroup(from: number, to: number, where: (a: SimAsset) => boolean) {
		const bearers = new Map<string, Set<string>>();
		for (const id of this.ids())
			for (const { asset } of this.during(id, from, to)) {
				if (!asset || !where(asset)) continue;
				const name = asset.name.toLowerCase();
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
	const ids = [...workspace.assets.keys()].sort();
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
	if (!renamed || !into) return 'no seam there';
	applyChange(workspace, history, { kind: 'remove', pick: at - shift, count: shift }, now);
	const pick = [...workspace.assets.keys()].sort().indexOf(renamed.id);
	return applyChange(workspace, history, { kind: 'rename', pick, name: `${into.name}0` }, now);
}
