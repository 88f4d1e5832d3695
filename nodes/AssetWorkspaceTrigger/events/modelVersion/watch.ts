/**
 * The Model Version event's state and decisions, apart from n8n and HTTP. Per watched model the
 * state is constant in size: the highest version number seen and the version published then.
 * A version with a higher number is new ("created", once); a published version other than the
 * one recorded was just published ("published", once, with the one published before).
 */
import type { VersionSummary } from '../../../shared/schemas';

export interface WatchedModel {
	/** The highest versionNumber seen. */
	last: number;
	/** The published version's id and number when last seen (null: nothing published). */
	published: string | null;
	publishedNumber?: number | null;
	/** A 404 or 403 was reported (once). */
	notFoundReported?: boolean;
	forbiddenReported?: boolean;
	/** When (ms) the model was last asked for; the longest ago go first. */
	askedAt?: number;
}

export type ModelsState = Record<string, WatchedModel>;

export interface VersionEvent {
	event: 'created' | 'published';
	assetId: string;
	version: VersionSummary;
	/** For "published": the version published before, as far as it is known. */
	previousPublished?: Partial<VersionSummary> | null;
}

/** How many models the state remembers, watched ones included. */
export const MAX_MODELS_REMEMBERED = 1000;

/**
 * Records a model's versions and returns its events, oldest first. The first sighting of a model
 * learns what exists and fires nothing, unless `emitExisting`.
 */
export function observeVersions(
	state: ModelsState,
	assetId: string,
	versions: VersionSummary[],
	emitExisting: boolean,
): VersionEvent[] {
	const known = state[assetId];
	const ascending = [...versions].sort((a, b) => a.versionNumber - b.versionNumber);
	const published = ascending.find((v) => v.published) ?? null;
	// A readable answer makes the model seen (-1, after a 404 or 403, is "not yet read").
	const last = Math.max(0, known?.last ?? 0, ...ascending.map((v) => v.versionNumber));
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
