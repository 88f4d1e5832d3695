/**
 * Assets created, changed, moved and removed over time, for the trigger's asset event: the
 * control endpoints' changes (their bodies are checked by sandbox/bodies.ts first). Every check
 * comes before the first change, so a refused change leaves the workspace as it was.
 */
import { randomUUID } from 'node:crypto';

import type { AssetChange, NewAsset } from './bodies';
import { ApiError } from './errors';
import { SEED_IDS, type SandboxKey, type StoredAsset } from './seed';
import type { Workspace } from './workspace';

/** The folder an asset goes into: null (the root), or a folder the key can read. */
function targetFolder(
	workspace: Workspace,
	key: SandboxKey,
	folderId: string | null,
	moving?: StoredAsset,
): string | null {
	if (folderId === null) return null;
	const id = folderId.toLowerCase();
	const folder = workspace.assets.get(id);
	if (!folder || folder.type !== 'Folder' || !workspace.canRead(key, folder)) {
		throw new ApiError(
			400,
			'invalid_body',
			`Field 'folderId' must be the id of a folder (or null for the root), got ${JSON.stringify(folderId)}.`,
		);
	}
	for (let at: StoredAsset | undefined = folder; moving && at; ) {
		if (at.id === moving.id) {
			throw new ApiError(
				400,
				'invalid_body',
				`Field 'folderId' cannot put folder ${moving.id} inside itself, got ${JSON.stringify(folderId)}.`,
			);
		}
		at = at.parentFolderId ? workspace.assets.get(at.parentFolderId) : undefined;
	}
	return id;
}

export function createAsset(workspace: Workspace, key: SandboxKey, input: NewAsset) {
	const parentFolderId =
		input.folderId === undefined
			? SEED_IDS.folders.finance
			: targetFolder(workspace, key, input.folderId);
	const stamp = workspace.stamp();
	const id = randomUUID();
	const type = input.type ?? 'Source';
	workspace.putAsset({
		id,
		name: input.name ?? `New asset ${id.slice(0, 8)}`,
		description: null,
		type,
		createdAt: stamp,
		updatedAt: stamp,
		owner: { ...key.user },
		parentFolderId,
		schedules: [],
		outcome: 'success',
		...(type === 'Model' ? { versions: [] } : {}),
	});
	return workspace.publicAsset(workspace.readableAsset(key, id));
}

/**
 * Changes an asset: its name, its description (by default a new one saying when), its folder.
 * Its updatedAt moves.
 */
export function changeAsset(
	workspace: Workspace,
	key: SandboxKey,
	assetId: string,
	input: AssetChange,
) {
	const asset = workspace.readableAsset(key, assetId);
	const parentFolderId =
		input.folderId === undefined ? undefined : targetFolder(workspace, key, input.folderId, asset);
	const stamp = workspace.stamp();
	workspace.editAsset(asset, {
		name: input.name,
		description: input.description === undefined ? `Changed at ${stamp}` : input.description,
		parentFolderId,
		updatedAt: stamp,
	});
	return workspace.publicAsset(asset);
}

export function removeAsset(workspace: Workspace, key: SandboxKey, assetId: string) {
	workspace.deleteAsset(workspace.readableAsset(key, assetId));
	return { removed: assetId };
}
