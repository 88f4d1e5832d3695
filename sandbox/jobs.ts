/** Jobs: queued by execute, moving pending -> running -> terminal over time, readable per key. */
import { randomUUID } from 'node:crypto';

import { ApiError } from './errors';
import type { SandboxKey, StoredAsset, TerminalStatus } from './seed';

export type JobStatus = 'pending' | 'running' | TerminalStatus;
export const JOB_STATUSES = ['pending', 'running', 'success', 'warning', 'failed'] as const;
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
	/** How often GET /jobs/{jobId} has answered for it. */
	reads: number;
}

/** What jobs need of the workspace (sandbox/workspace.ts, which owns the jobs, provides it). */
export interface JobAssets {
	now(): number;
	readonly assets: ReadonlyMap<string, StoredAsset>;
	canRead(key: SandboxKey, asset: StoredAsset): boolean;
	/** The asset, or a 404 ApiError when the key cannot read it. */
	readableAsset(key: SandboxKey, assetId: string): StoredAsset;
}

/** Every job by id (a Map, which tests read the size of), with what the API and control do to them. */
export class Jobs extends Map<string, StoredJob> {
	constructor(
		private readonly workspace: JobAssets,
		private readonly stepMs: number,
		/** A job stays running until it has been read this often (a test's condition, not a pace). */
		private readonly readsBeforeFinal = 0,
	) {
		super();
	}

	execute(
		key: SandboxKey,
		assetId: string,
		jobSource: string,
		parameters: Record<string, unknown>,
	) {
		const asset = this.workspace.readableAsset(key, assetId);
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
			nextStepAt: this.workspace.now() + this.stepMs,
			reads: 0,
		};
		this.set(job.jobId, job);
		return this.publicJob(job);
	}

	/** Moves a job forward one step per elapsed step, unless it is held. */
	private advance(job: StoredJob) {
		const now = this.workspace.now();
		while (
			!job.held &&
			(job.status === 'pending' || job.status === 'running') &&
			now >= job.nextStepAt
		) {
			const stepAt = new Date(job.nextStepAt).toISOString();
			if (job.status === 'pending') {
				job.status = 'running';
				job.startedAt = stepAt;
			} else if (job.reads < this.readsBeforeFinal) {
				job.nextStepAt = now; // it ends after the read that saw it running, not before
				return;
			} else {
				job.status = job.outcome;
				job.finishedAt = stepAt;
			}
			job.nextStepAt += this.stepMs;
		}
	}

	private storedJob(key: SandboxKey, jobId: string): StoredJob {
		const job = this.get(jobId);
		const asset = job && this.workspace.assets.get(job.assetId);
		if (!job || !asset || !this.workspace.canRead(key, asset)) {
			throw new ApiError(404, 'not_found', `Job ${jobId} was not found.`);
		}
		this.advance(job);
		return job;
	}

	getJob(key: SandboxKey, jobId: string) {
		const job = this.storedJob(key, jobId);
		job.reads++;
		return this.publicJob(job);
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
		return [...this.values()]
			.filter((job) => {
				const asset = this.workspace.assets.get(job.assetId);
				return asset !== undefined && this.workspace.canRead(key, asset);
			})
			.map((job) => this.inspectJob(key, job.jobId));
	}

	/** Control: force a status, or hold / release a job. */
	controlJob(key: SandboxKey, jobId: string, change: { status?: JobStatus; hold?: boolean }) {
		const job = this.storedJob(key, jobId);
		const now = this.workspace.now();
		const stamp = new Date(now).toISOString();
		if (change.status) {
			job.status = change.status;
			if (change.status !== 'pending') job.startedAt ??= stamp;
			if (change.status === 'pending') job.startedAt = null;
			job.finishedAt = change.status === 'pending' || change.status === 'running' ? null : stamp;
			job.nextStepAt = now + this.stepMs;
		}
		if (change.hold !== undefined) {
			job.held = change.hold;
			if (!change.hold) job.nextStepAt = now + this.stepMs;
		}
		return this.inspectJob(key, jobId);
	}
}
