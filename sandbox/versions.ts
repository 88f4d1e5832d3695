/**
 * A model's versions: read (list, one, the published one) and changed by the control endpoints and
 * churn (a new version, publishing one). Versions are kept oldest first and at most
 * MAX_KEPT_VERSIONS per model: a new version beyond that drops the oldest one not published.
 */
import { randomUUID } from 'node:crypto';

import { ApiError } from './errors';
import type { ModelVersion, SandboxKey, StoredAsset } from './seed';
import type { Workspace } from './workspace';

export const MAX_KEPT_VERSIONS = 50;

export interface NewVersion {
	comment?: string;
	/** Publish it at once. */
	publish?: boolean;
	/** Replace the canvas (otherwise: a copy of the newest version with one tool added). */
	nodes?: Array<Record<string, unknown>>;
	edges?: Array<Record<string, unknown>>;
	metadata?: Record<string, unknown>;
}

type Model = StoredAsset & { versions: ModelVersion[] };

export function model(workspace: Workspace, key: SandboxKey, assetId: string): Model {
	const asset = workspace.readableAsset(key, assetId);
	if (asset.type !== 'Model' || !asset.versions) {
		throw new ApiError(400, 'not_a_model', `Asset ${assetId} is a ${asset.type}, not a model.`);
	}
	return asset as Model;
}

function versionOf(model: Model, versionId: string) {
	const version = model.versions.find((v) => v.id === versionId);
	if (!version)
		throw new ApiError(
			404,
			'not_found',
			`Version ${versionId} of model ${model.id} was not found.`,
		);
	return version;
}

/** Summaries, newest versionNumber first. */
export function listVersions(workspace: Workspace, key: SandboxKey, assetId: string) {
	const versions = model(workspace, key, assetId).versions;
	return {
		versions: versions
			.map(({ id, versionNumber, recordType, published, comment, createdAt, updatedAt }) => ({
				id,
				versionNumber,
				recordType,
				published,
				comment,
				createdAt,
				updatedAt,
			}))
			.reverse(),
	};
}

export function getVersion(workspace: Workspace, key: SandboxKey, assetId: string, id: string) {
	return { version: structuredClone(versionOf(model(workspace, key, assetId), id)) };
}

export function getPublished(workspace: Workspace, key: SandboxKey, assetId: string) {
	const version = model(workspace, key, assetId).versions.find((v) => v.published);
	return { version: version ? structuredClone(version) : null };
}

export function createVersion(
	workspace: Workspace,
	key: SandboxKey,
	assetId: string,
	change: NewVersion,
) {
	const found = model(workspace, key, assetId);
	const newest = found.versions.at(-1);
	const number = (newest?.versionNumber ?? 0) + 1;
	const stamp = workspace.stamp();
	const nodes = change.nodes ?? [
		...structuredClone(newest?.nodes ?? []),
		{
			id: `tool-${number}`,
			type: 'Filter',
			position: { x: 100 * number, y: 0 },
			config: { expression: `step ${number}` },
		},
	];
	const version: ModelVersion = {
		id: randomUUID(),
		versionNumber: number,
		recordType: 'draft',
		published: false,
		comment: change.comment ?? `Version ${number}`,
		createdAt: stamp,
		updatedAt: stamp,
		nodes,
		edges: change.edges ?? structuredClone(newest?.edges ?? []),
		metadata: change.metadata ?? structuredClone(newest?.metadata ?? {}),
	};
	found.versions.push(version);
	found.updatedAt = stamp;
	if (change.publish) publishVersion(workspace, key, assetId, version.id);
	if (found.versions.length > MAX_KEPT_VERSIONS) {
		const oldest = found.versions.findIndex((v) => !v.published);
		found.versions.splice(oldest, 1);
	}
	return structuredClone(version);
}

export function publishVersion(
	workspace: Workspace,
	key: SandboxKey,
	assetId: string,
	versionId: string,
) {
	const found = model(workspace, key, assetId);
	const version = versionOf(found, versionId);
	for (const v of found.versions) {
		v.published = v === version;
		v.recordType = v.published ? 'published' : 'draft';
	}
	version.updatedAt = workspace.stamp();
	return structuredClone(version);
}
