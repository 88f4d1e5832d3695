/**
 * The sandbox's state: what each key can see, the public shape of assets and versions,
 * and jobs that move pending -> running -> terminal over time.
 */
import { randomUUID } from 'node:crypto';

import {
	KEYS,
	generatedAssets,
	seedAssets,
	type ModelVersion,
	type SandboxKey,
	type StoredAsset,
	type TerminalStatus,
} from './seed';

export type JobStatus = 'pending' | 'running' | TerminalStatus;
export const JOB_STATUSES: JobStatus[] = ['pending', 'running', 'success', 'warning', 'failed'];
export const RUNNABLE_TYPES = new Set(['Model', 'Source', 'Orchestration', 'Python']);

export interface StoredJob {
	jobId: string;
	status: JobStatus;
	assetId: string;
	jobSource: string;
	jobSourceId: string;
	startedAt: string | null;
	finishedAt: string | null;
	userId: string;
	/** The status the job ends with. */
	outcome: TerminalStatus;
	/** Why the run ended as it did (for Python assets, the variable that was missing). */
	reason: string | null;
	parameters: Record<string, unknown>;
	variables: Record<string, unknown>;
	held: boolean;
	nextStepAt: number;
}

/** An error the public API answers with `{error: {code, message}}`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
	) {
		super(message);
	}
}

const byName = (a: StoredAsset, b: StoredAsset) => {
	const x = a.name.toLowerCase();
	const y = b.name.toLowerCase();
	if (x !== y) return x < y ? -1 : 1;
	if (a.name !== b.name) return a.name < b.name ? -1 : 1;
	return a.id < b.id ? -1 : 1;
};

export class Workspace {
	/** Every asset by id (the control endpoints of sandbox/changes.ts change them). */
	assets = new Map<string, StoredAsset>();
	/** Every public asset, sorted by name (again after each change: see `resort`). */
	private sorted: StoredAsset[] = [];
	private jobs = new Map<string, StoredJob>();

	constructor(
		private readonly options: { jobStepMs: number; generated: number; now?: () => number },
	) {
		this.reset();
	}

	private now() {
		return this.options.now ? this.options.now() : Date.now();
	}

	reset() {
		this.assets = new Map(
			[...seedAssets(), ...generatedAssets(this.options.generated)].map((a) => [a.id, a]),
		);
		this.resort();
		this.jobs.clear();
	}

	/** Sorts the public assets by name again, after assets were added, renamed or removed. */
	resort() {
		this.sorted = [...this.assets.values()].filter((a) => a.type !== 'Internal').sort(byName);
	}

	/** The sandbox's clock, as an ISO time. */
	stamp() {
		return new Date(this.now()).toISOString();
	}

	keyFor(token: string | undefined): SandboxKey | undefined {
		return KEYS.find((k) => k.key === token);
	}

	/** True when the key may read the asset: internal-only assets and hidden folders are never readable. */
	canRead(key: SandboxKey, asset: StoredAsset): boolean {
		if (asset.type === 'Internal') return false;
		for (let current: StoredAsset | undefined = asset; current; ) {
			if (key.hiddenFolderIds.includes(current.id)) return false;
			current = current.parentFolderId ? this.assets.get(current.parentFolderId) : undefined;
		}
		return true;
	}

	listAssets(key: SandboxKey, limit: number, offset: number, folderId?: string) {
		const visible = this.sorted.filter(
			(a) => (folderId === undefined || a.parentFolderId === folderId) && this.canRead(key, a),
		);
		const page = visible.slice(offset, offset + limit);
		return {
			data: page.map((a) => this.publicAsset(a)),
			meta: { limit, offset, hasMore: page.length === limit },
		};
	}

	readableAsset(key: SandboxKey, assetId: string): StoredAsset {
		const asset = this.assets.get(assetId);
		if (!asset || !this.canRead(key, asset)) {
			throw new ApiError(404, 'not_found', `Asset ${assetId} was not found.`);
		}
		return asset;
	}

	/** The public shape: secrets, variables, scripted outcomes and versions never leave the store. */
	publicAsset(asset: StoredAsset) {
		const folder = asset.parentFolderId ? this.assets.get(asset.parentFolderId) : undefined;
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

	model(key: SandboxKey, assetId: string): StoredAsset & { versions: ModelVersion[] } {
		const asset = this.readableAsset(key, assetId);
		if (asset.type !== 'Model' || !asset.versions) {
			throw new ApiError(400, 'not_a_model', `Asset ${assetId} is a ${asset.type}, not a model.`);
		}
		return asset as StoredAsset & { versions: ModelVersion[] };
	}

	listVersions(key: SandboxKey, assetId: string) {
		const versions = [...this.model(key, assetId).versions].sort(
			(a, b) => b.versionNumber - a.versionNumber,
		);
		return {
			versions: versions.map((v) => ({
				id: v.id,
				versionNumber: v.versionNumber,
				recordType: v.recordType,
				published: v.published,
				comment: v.comment,
				createdAt: v.createdAt,
				updatedAt: v.updatedAt,
			})),
		};
	}

	getVersion(key: SandboxKey, assetId: string, versionId: string) {
		const version = this.model(key, assetId).versions.find((v) => v.id === versionId);
		if (!version) {
			throw new ApiError(
				404,
				'not_found',
				`Version ${versionId} of model ${assetId} was not found.`,
			);
		}
		return { version: structuredClone(version) };
	}

	getPublished(key: SandboxKey, assetId: string) {
		const version = this.model(key, assetId).versions.find((v) => v.published);
		return { version: version ? structuredClone(version) : null };
	}

	execute(
		key: SandboxKey,
		assetId: string,
		jobSource: string,
		parameters: Record<string, unknown>,
	) {
		const asset = this.readableAsset(key, assetId);
		if (!RUNNABLE_TYPES.has(asset.type)) {
			throw new ApiError(
				400,
				'not_executable',
				`Asset ${assetId} is a ${asset.type}; only sources, models, orchestrations and Python assets can be executed.`,
			);
		}
		if (asset.type === 'Model' && !asset.versions?.some((v) => v.published)) {
			throw new ApiError(
				409,
				'not_executable',
				`Model ${assetId} has no published version; publish a version before running it.`,
			);
		}
		// The overlay rule: parameters win over Variables-step values and add new names.
		const variables = { ...(asset.variables ?? {}), ...parameters };
		const missing = (asset.scriptReads ?? []).find((name) => !(name in variables));
		const job: StoredJob = {
			jobId: randomUUID(),
			status: 'pending',
			assetId,
			jobSource,
			jobSourceId: key.user.id,
			startedAt: null,
			finishedAt: null,
			userId: key.user.id,
			outcome: missing ? 'failed' : (asset.outcome ?? 'success'),
			reason: missing ? `sdk.ServiceException: variable '${missing}' is not defined` : null,
			parameters: structuredClone(parameters),
			variables,
			held: false,
			nextStepAt: this.now() + this.options.jobStepMs,
		};
		this.jobs.set(job.jobId, job);
		return this.publicJob(job);
	}

	/** Moves a job forward one step per elapsed `jobStepMs`, unless it is held. */
	private advance(job: StoredJob) {
		const now = this.now();
		while (
			!job.held &&
			(job.status === 'pending' || job.status === 'running') &&
			now >= job.nextStepAt
		) {
			const stepAt = new Date(job.nextStepAt).toISOString();
			if (job.status === 'pending') {
				job.status = 'running';
				job.startedAt = stepAt;
			} else {
				job.status = job.outcome;
				job.finishedAt = stepAt;
			}
			job.nextStepAt += this.options.jobStepMs;
		}
	}

	private storedJob(key: SandboxKey, jobId: string): StoredJob {
		const job = this.jobs.get(jobId);
		const asset = job && this.assets.get(job.assetId);
		if (!job || !asset || !this.canRead(key, asset)) {
			throw new ApiError(404, 'not_found', `Job ${jobId} was not found.`);
		}
		this.advance(job);
		return job;
	}

	getJob(key: SandboxKey, jobId: string) {
		return this.publicJob(this.storedJob(key, jobId));
	}

	publicJob(job: StoredJob) {
		const { jobId, status, assetId, jobSource, jobSourceId, startedAt, finishedAt } = job;
		return { jobId, status, assetId, jobSource, jobSourceId, startedAt, finishedAt };
	}

	/** Control: the job with the effective variables of the run and the parameters as sent. */
	inspectJob(key: SandboxKey, jobId: string) {
		const job = this.storedJob(key, jobId);
		return {
			job: this.publicJob(job),
			variables: structuredClone(job.variables),
			parameters: structuredClone(job.parameters),
			held: job.held,
			reason: job.reason,
		};
	}

	/** Control: every job the key can read, oldest first, as `inspectJob` shows them. */
	listJobs(key: SandboxKey) {
		return [...this.jobs.values()]
			.filter((job) => this.canRead(key, this.assets.get(job.assetId)!))
			.map((job) => this.inspectJob(key, job.jobId));
	}

	/** Control: force a status, or hold / release a job. */
	controlJob(key: SandboxKey, jobId: string, change: { status?: JobStatus; hold?: boolean }) {
		const job = this.storedJob(key, jobId);
		const stamp = new Date(this.now()).toISOString();
		if (change.status) {
			job.status = change.status;
			if (change.status !== 'pending') job.startedAt ??= stamp;
			if (change.status === 'pending') job.startedAt = null;
			job.finishedAt = change.status === 'pending' || change.status === 'running' ? null : stamp;
			job.nextStepAt = this.now() + this.options.jobStepMs;
		}
		if (change.hold !== undefined) {
			job.held = change.hold;
			if (!change.hold) job.nextStepAt = this.now() + this.options.jobStepMs;
		}
		return this.inspectJob(key, jobId);
	}

	get assetCount() {
		return this.sorted.length;
	}
}
