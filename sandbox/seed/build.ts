/** The small builders the seeded data is written with: dates, canvas parts, versions, folders. */
import { stableUuid } from './ids';
import type { ModelVersion, Owner, Schedule, StoredAsset } from './types';

export const at = (day: string, time = '09:00:00') => `2026-${day}T${time}.000Z`;

export function tool(
	id: string,
	type: string,
	x: number,
	y: number,
	config: Record<string, unknown>,
) {
	return { id, type, position: { x, y }, config };
}

export function edge(from: string, to: string, fromPort = 'output', toPort = 'input') {
	return {
		id: `${from}->${to}`,
		source: from,
		sourcePort: fromPort,
		target: to,
		targetPort: toPort,
	};
}

export function field(name: string, type: string) {
	return { name, type };
}

/** The id of version `n` of the seeded model `modelKey` (the key its id is made from, e.g. `revenue-forecast`). */
export const versionOf = (modelKey: string, n: number) => stableUuid(`version:${modelKey}:${n}`);

export function version(
	modelKey: string,
	versionNumber: number,
	published: boolean,
	comment: string,
	createdAt: string,
	canvas: {
		nodes: Array<Record<string, unknown>>;
		edges: Array<Record<string, unknown>>;
		metadata: Record<string, unknown>;
	},
): ModelVersion {
	return {
		id: versionOf(modelKey, versionNumber),
		versionNumber,
		recordType: published ? 'published' : 'draft',
		published,
		comment,
		createdAt,
		updatedAt: createdAt,
		...canvas,
	};
}

/** The schedule of the nightly finance runs. */
export const nightly: Schedule = {
	cronExpression: '0 2 * * *',
	timezone: 'Europe/Berlin',
	nextRunAt: '2026-11-23T01:00:00.000Z',
};

/** The fields most seeded assets leave empty. */
export const base = { description: null, schedules: [] as Schedule[], parentFolderId: null };

export function folder(
	id: string,
	name: string,
	parentFolderId: string | null,
	owner: Owner,
	created: string,
	description: string | null = null,
): StoredAsset {
	return {
		...base,
		id,
		name,
		description,
		type: 'Folder',
		createdAt: at(created),
		updatedAt: at(created, '10:30:00'),
		owner,
		parentFolderId,
	};
}
