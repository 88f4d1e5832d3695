/** The seeded workspace's shapes: what the sandbox keeps of an asset, a model version, a key. */
export type AssetType = 'Folder' | 'Model' | 'Source' | 'Orchestration' | 'Python' | 'Internal';
export type TerminalStatus = 'success' | 'warning' | 'failed';

export interface Owner {
	id: string | null;
	displayName: string | null;
	email: string | null;
}

export interface Schedule {
	cronExpression: string;
	timezone: string;
	nextRunAt: string | null;
}

export interface ModelVersion {
	id: string;
	versionNumber: number;
	recordType: string;
	published: boolean;
	comment: string;
	createdAt: string;
	updatedAt: string;
	nodes: Array<Record<string, unknown>>;
	edges: Array<Record<string, unknown>>;
	metadata: Record<string, unknown>;
}

export interface StoredAsset {
	id: string;
	name: string;
	description: string | null;
	type: AssetType;
	createdAt: string;
	updatedAt: string;
	owner: Owner;
	parentFolderId: string | null;
	schedules: Schedule[];
	details?: { tablePrefix?: string | null; computeProfile?: string | null };
	/** Outcome of a run of this asset (runnable kinds only). */
	outcome?: TerminalStatus;
	/** Model versions (models only). */
	versions?: ModelVersion[];
	/** The Variables step of a Python asset: names to values (stored encrypted on the real service). */
	variables?: Record<string, string>;
	/** Names the Python script reads with sdk.get_variable(name). */
	scriptReads?: string[];
	/** Secrets the real service keeps but never returns. They must never leave the sandbox. */
	secrets?: Record<string, string>;
}

export interface SandboxKey {
	key: string;
	user: Owner & { id: string };
	/** Folder ids whose contents (and the folder itself) this key cannot read. */
	hiddenFolderIds: string[];
}
