/**
 * The listing's index: every public asset in name order, and for each key the assets it may read,
 * all of them and per folder, in the same order. A page is a slice of one of these views, so it
 * costs the same at any offset of any workspace; a change moves one asset in each view (a binary
 * search and a splice); a folder moved or removed rebuilds the views (one pass over the assets).
 */
import type { SandboxKey, StoredAsset } from './seed';

/** Name order: case-insensitively, then case-sensitively, then by id (ids are unique). */
export const byName = (a: StoredAsset, b: StoredAsset) => {
	const x = a.name.toLowerCase();
	const y = b.name.toLowerCase();
	if (x !== y) return x < y ? -1 : 1;
	if (a.name !== b.name) return a.name < b.name ? -1 : 1;
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** Where `asset` is in `sorted`, or where it would go. */
function positionOf(sorted: StoredAsset[], asset: StoredAsset) {
	let low = 0;
	let high = sorted.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (byName(sorted[middle], asset) < 0) low = middle + 1;
		else high = middle;
	}
	return low;
}

function insert(sorted: StoredAsset[], asset: StoredAsset) {
	sorted.splice(positionOf(sorted, asset), 0, asset);
}

function remove(sorted: StoredAsset[] | undefined, asset: StoredAsset) {
	if (!sorted) return;
	const at = positionOf(sorted, asset);
	if (sorted[at] === asset) sorted.splice(at, 1);
}

/** Sorts many assets at once, each name lower-cased once (not once per comparison). */
function sortByName(assets: Iterable<StoredAsset>): StoredAsset[] {
	const keyed = [...assets].map((asset) => ({ asset, lower: asset.name.toLowerCase() }));
	keyed.sort((a, b) =>
		a.lower !== b.lower ? (a.lower < b.lower ? -1 : 1) : byName(a.asset, b.asset),
	);
	return keyed.map((k) => k.asset);
}

interface KeyView {
	all: StoredAsset[];
	byFolder: Map<string, StoredAsset[]>;
}

export class AssetListing {
	/** Every public asset (internal-only ones never), in name order. */
	private sorted: StoredAsset[] = [];
	private views = new Map<SandboxKey, KeyView>();

	constructor(
		private readonly keys: SandboxKey[],
		private readonly canRead: (key: SandboxKey, asset: StoredAsset) => boolean,
	) {}

	/** Indexes every asset anew (at start and on reset). */
	rebuild(assets: Iterable<StoredAsset>) {
		this.sorted = sortByName([...assets].filter((a) => a.type !== 'Internal'));
		this.refreshViews();
	}

	/** A page of what the key may read (in one folder, when given), in name order. */
	page(key: SandboxKey, offset: number, limit: number, folderId?: string): StoredAsset[] {
		const view = this.viewOf(key);
		const list = folderId === undefined ? view.all : view.byFolder.get(folderId);
		return list ? list.slice(offset, offset + limit) : [];
	}

	/** After an asset was created, or after it was renamed or moved (see `remove`). */
	add(asset: StoredAsset) {
		if (asset.type === 'Internal') return;
		insert(this.sorted, asset);
		for (const [key, view] of this.views) {
			if (!this.canRead(key, asset)) continue;
			insert(view.all, asset);
			if (asset.parentFolderId !== null) insert(this.folder(view, asset.parentFolderId), asset);
		}
	}

	/** Before an asset is renamed, moved or removed: its name and folder must still be the old ones. */
	remove(asset: StoredAsset) {
		if (asset.type === 'Internal') return;
		remove(this.sorted, asset);
		for (const view of this.views.values()) {
			remove(view.all, asset);
			if (asset.parentFolderId !== null) remove(view.byFolder.get(asset.parentFolderId), asset);
		}
	}

	/** After what a key may read changed for many assets at once (a folder moved or removed). */
	refreshViews() {
		this.views.clear();
		for (const key of this.keys) this.viewOf(key);
	}

	get size() {
		return this.sorted.length;
	}

	/** A key's views, built from the name order in one pass (for another key: when first asked). */
	private viewOf(key: SandboxKey): KeyView {
		let view = this.views.get(key);
		if (!view) {
			view = { all: this.sorted.filter((asset) => this.canRead(key, asset)), byFolder: new Map() };
			for (const asset of view.all)
				if (asset.parentFolderId !== null) this.folder(view, asset.parentFolderId).push(asset);
			this.views.set(key, view);
		}
		return view;
	}

	private folder(view: KeyView, folderId: string) {
		let list = view.byFolder.get(folderId);
		if (!list) view.byFolder.set(folderId, (list = []));
		return list;
	}
}
