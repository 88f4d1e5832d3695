/**
 * Changes to the sandbox's workspace over time, for the trigger's model-version and asset events:
 * new versions of a model (a copy of its newest with a tool added or changed), publishing a
 * version, and assets created, changed and removed. Used by the control endpoints and by
 * `npm run sandbox -- --churn <ms>`.
 */
import { randomUUID } from 'node:crypto';

import { SEED_IDS, type AssetType, type ModelVersion, type SandboxKey } from './seed';
import { ApiError, type Workspace } from './workspace';

export interface NewVersion {
	comment?: string;
	/** Publish it at once. */
	publish?: boolean;
	/** Replace the canvas (otherwise: a copy of the newest version with one tool added). */
	nodes?: Array<Record<string, unknown>>;
	edges?: Array<Record<string, unknown>>;
	metadata?: Record<string, unknown>;
}

export function createVersion(
	workspace: Workspace,
	key: SandboxKey,
	assetId: string,
	change: NewVersion,
) {
	const model = workspace.model(key, assetId);
	const newest = [...model.versions].sort((a, b) => b.versionNumber - a.versionNumber)[0];
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
	model.versions.push(version);
	model.updatedAt = stamp;
	if (change.publish) publishVersion(workspace, key, assetId, version.id);
	return structuredClone(version);
}

export function publishVersion(
	workspace: Workspace,
	key: SandboxKey,
	assetId: string,
	versionId: string,
) {
	const model = workspace.model(key, assetId);
	const version = model.versions.find((v) => v.id === versionId);
	if (!version)
		throw new ApiError(404, 'not_found', `Version ${versionId} of model ${assetId} was not found.`);
	for (const v of model.versions) {
		v.published = v === version;
		v.recordType = v.published ? 'published' : 'draft';
	}
	version.updatedAt = workspace.stamp();
	return structuredClone(version);
}

export function createAsset(
	workspace: Workspace,
	key: SandboxKey,
	input: { name?: string; type?: AssetType; folderId?: string | null },
) {
	const stamp = workspace.stamp();
	const id = randomUUID();
	workspace.assets.set(id, {
		id,
		name: input.name ?? `New asset ${id.slice(0, 8)}`,
		description: null,
		type: input.type ?? 'Source',
		createdAt: stamp,
		updatedAt: stamp,
		owner: { ...key.user },
		parentFolderId: input.folderId === undefined ? SEED_IDS.folders.finance : input.folderId,
		schedules: [],
		outcome: 'success',
	});
	workspace.resort();
	return workspace.publicAsset(workspace.readableAsset(key, id));
}

/** Changes an asset (its description, or its name), which moves its updatedAt. */
export function changeAsset(
	workspace: Workspace,
	key: SandboxKey,
	assetId: string,
	input: { name?: string; description?: string },
) {
	const asset = workspace.readableAsset(key, assetId);
	if (input.name !== undefined) asset.name = input.name;
	asset.description = input.description ?? `Changed at ${workspace.stamp()}`;
	asset.updatedAt = workspace.stamp();
	workspace.resort();
	return workspace.publicAsset(asset);
}

export function removeAsset(workspace: Workspace, key: SandboxKey, assetId: string) {
	workspace.readableAsset(key, assetId);
	workspace.assets.delete(assetId);
	workspace.resort();
	return { removed: assetId };
}

/**
 * One step of `--churn`: a new version of Revenue Forecast (every other one published) and a
 * change to Stripe Payments, by the owner. The trigger's model-version and asset events fire
 * on these.
 */
export function churnStep(workspace: Workspace, key: SandboxKey, step: number) {
	const model = SEED_IDS.revenueForecast;
	createVersion(workspace, key, model, { comment: `Churn ${step}`, publish: step % 2 === 0 });
	changeAsset(workspace, key, SEED_IDS.stripePayments, { description: `Churn ${step}` });
}
