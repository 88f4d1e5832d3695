/**
 * The sandbox's assets: what each key can read, the listing (sandbox/listing.ts keeps it in name
 * order), the public shape of an asset, and the only ways to change assets (put, edit, delete),
 * so the listing follows every change. Jobs live in sandbox/jobs.ts, versions in sandbox/versions.ts.
 */
import { ApiError } from './errors';
import { Jobs } from './jobs';
import { AssetListing } from './listing';
import { KEYS, generatedAssets, seedAssets, type SandboxKey, type StoredAsset } from './seed';

export { ApiError } from './errors';

/** What a change may set on an asset; `parentFolderId` moves it (null: to the root). */
export type AssetEdit = Partial<
	Pick<StoredAsset, 'name' | 'description' | 'parentFolderId' | 'updatedAt'>
>;

export class Workspace {
	private store = new Map<string, StoredAsset>();
	private readonly listing = new AssetListing(KEYS, (key, asset) => this.canRead(key, asset));
	/** Every job by id (sandbox/jobs.ts); the job methods below hand over to it. */
	readonly jobs: Jobs;

	constructor(
		private readonly options: {
			jobStepMs: number;
			generated: number;
			/** Generated names spelt four ways each, as a database may sort as equal. */
			nearEqualNames?: boolean;
			now?: () => number;
			jobReadsBeforeFinal?: number;
		},
	) {
		this.jobs = new Jobs(this, options.jobStepMs, options.jobReadsBeforeFinal);
		this.reset();
	}

	now() {
		return this.options.now ? this.options.now() : Date.now();
	}

	/** The sandbox's clock, as an ISO time. */
	stamp() {
		return new Date(this.now()).toISOString();
	}

	reset() {
		this.store = new Map(
			[
				...seedAssets(),
				...generatedAssets(this.options.generated, this.options.nearEqualNames),
			].map((a) => [a.id, a]),
		);
		this.listing.rebuild(this.store.values());
		this.jobs.clear();
	}

	/** Every stored asset by id, internal-only ones too. Change them with put, edit and delete only. */
	get assets(): ReadonlyMap<string, StoredAsset> {
		return this.store;
	}

	keyFor(token: string | undefined): SandboxKey | undefined {
		return KEYS.find((k) => k.key === token);
	}

	/** True when the key may read the asset: internal-only assets and hidden folders are never readable. */
	canRead(key: SandboxKey, asset: StoredAsset): boolean {
		if (asset.type === 'Internal') return false;
		for (let current: StoredAsset | undefined = asset; current; ) {
			if (key.hiddenFolderIds.includes(current.id)) return false;
			current = current.parentFolderId ? this.store.get(current.parentFolderId) : undefined;
		}
		return true;
	}

	/** A page of the listing: its cost does not grow with the workspace (sandbox/listing.ts). */
	listAssets(key: SandboxKey, limit: number, offset: number, folderId?: string) {
		const page = this.listing.page(key, offset, limit, folderId);
		return {
			data: page.map((a) => this.publicAsset(a)),
			meta: { limit, offset, hasMore: page.length === limit },
		};
	}

	readableAsset(key: SandboxKey, assetId: string): StoredAsset {
		const asset = this.store.get(assetId);
		if (!asset || !this.canRead(key, asset)) {
			throw new ApiError(404, 'not_found', `Asset ${assetId} was not found.`);
		}
		return asset;
	}

	/** The public shape: secrets, variables, scripted outcomes and versions never leave the store. */
	publicAsset(asset: StoredAsset) {
		const folder = asset.parentFolderId ? this.store.get(asset.parentFolderId) : undefined;
		return {
			id: asset.id,
			name: asset.name,
			description: asset.description,
			type: asset.type,
			createdAt: asset.createdAt,
			updatedAt: asset.updatedAt,
			owner: { ...asset.owner },
			parentFolder: folder ? { id: folder.id, name: folder.name } : null,
			schedules: asset.schedules.map((s) => ({ ...s })),
			...(asset.details ? { details: { ...asset.details } } : {}),
		};
	}

	/** Adds a new asset. */
	putAsset(asset: StoredAsset) {
		this.store.set(asset.id, asset);
		this.listing.add(asset);
	}

	/** Changes an asset; renamed or moved, it moves in the listing (a moved folder: every view anew). */
	editAsset(asset: StoredAsset, edit: AssetEdit) {
		const moved = edit.parentFolderId !== undefined && edit.parentFolderId !== asset.parentFolderId;
		const renamed = edit.name !== undefined && edit.name !== asset.name;
		if (moved || renamed) this.listing.remove(asset);
		Object.assign(
			asset,
			Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)),
		);
		if (moved || renamed) this.listing.add(asset);
		if (moved && asset.type === 'Folder') this.listing.refreshViews();
	}

	/** Removes an asset; a removed folder's contents stay, now outside any folder that exists. */
	deleteAsset(asset: StoredAsset) {
		this.listing.remove(asset);
		this.store.delete(asset.id);
		if (asset.type === 'Folder') this.listing.refreshViews();
	}

	// The job methods as before the split (tests and the bench call them on the workspace).
	execute(
		key: SandboxKey,
		assetId: string,
		jobSource: string,
		parameters: Record<string, unknown>,
	) {
		return this.jobs.execute(key, assetId, jobSource, parameters);
	}
	listJobs(key: SandboxKey) {
		return this.jobs.listJobs(key);
	}
	controlJob(key: SandboxKey, jobId: string, change: Parameters<Jobs['controlJob']>[2]) {
		return this.jobs.controlJob(key, jobId, change);
	}

	/** How many public assets there are (internal-only ones not counted). */
	get assetCount() {
		return this.listing.size;
	}
}
