/** The Model Version event's decisions, apart from n8n and HTTP. */
import type { VersionSummary } from '../../../shared/schemas';
import type { ModelsState } from './state';

export interface VersionEvent {
	event: 'created' | 'published';
	assetId: string;
	version: VersionSummary;
	/** For "published": the version published before, as far as it is known. */
	previousPublished?: Partial<VersionSummary> | null;
}

/** Records a model's versions and returns its events, oldest first; a first sighting learns. */
export function observeVersions(
	state: ModelsState,
	assetId: string,
	versions: VersionSummary[],
	emitExisting: boolean,
): VersionEvent[] {
	const known = state[assetId];
	const ascending = [...versions].sort((a, b) => a.versionNumber - b.versionNumber);
	const published = ascending.find((v) => v.published) ?? null;
	const last = ascending.reduce(
		(max, v) => Math.max(max, v.versionNumber),
		Math.max(0, known?.last ?? 0),
	);
	const seen = known !== undefined && known.last !== undefined && known.last >= 0;
	const events: VersionEvent[] = [];
	const created = seen ? ascending.filter((v) => v.versionNumber > known.last) : ascending;
	if (seen || emitExisting) {
		for (const version of created) events.push({ event: 'created', assetId, version });
		if (published && published.id !== (seen ? known.published : null)) {
			const before =
				seen && known.published ? ascending.find((v) => v.id === known.published) : undefined;
			const previousPublished =
				seen && known.published
					? (before ?? { id: known.published, versionNumber: known.publishedNumber ?? undefined })
					: null;
			events.push({ event: 'published', assetId, version: published, previousPublished });
		}
	}
	state[assetId] = {
		...known,
		last,
		published: published?.id ?? null,
		publishedNumber: published?.versionNumber ?? null,
	};
	return events;
}

/** Records a 404 or 403 for a model and says whether to report it (once per kind). */
export function observeUnreadableModel(
	state: ModelsState,
	assetId: string,
	kind: 'notFound' | 'forbidden',
): boolean {
	const known = state[assetId] ?? { last: -1, published: null };
	const flag = kind === 'notFound' ? 'notFoundReported' : 'forbiddenReported';
	const report = !known[flag];
	state[assetId] = { ...known, [flag]: true };
	return report;
}
