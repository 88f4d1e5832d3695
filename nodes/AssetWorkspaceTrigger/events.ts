/**
 * The trigger's events: each reads and checks its parameters before anything is asked, polls,
 * and answers Fetch Test Event with a sample that changes nothing.
 */
import { isResourceLocatorValue, type INodeExecutionData, type IPollFunctions } from 'n8n-workflow';

import { inputError } from '../shared/errors';
import { TERMINAL_STATUSES } from '../shared/schemas';
import { AssetWorkspaceTransport, type TransportSettings } from '../shared/transport';
import { isUuid, requireUuid, show } from '../shared/validation';
import type { PollWindowed } from './askWithin';
import { pollAssets, sampleAssets } from './pollAssets';
import { pollJobs, sampleJobs } from './pollJobs';
import { pollVersions, sampleVersions } from './pollVersions';
import { pollWindow } from './pollWindow';

type Items = INodeExecutionData[][] | null;

export interface TriggerEvent {
	/** Polls (changing the state) or, with `sample`, answers Fetch Test Event (changing nothing). */
	run: (ctx: IPollFunctions, window: PollWindowed, sample: boolean) => Promise<Items>;
}

/** Splits the Job IDs field on commas, spaces and new lines; each id must be a UUID. */
export function parseJobIds(ctx: IPollFunctions, raw: unknown): string[] {
	const text = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
	const ids = text.split(/[\s,;]+/).filter(Boolean);
	const invalid = ids.find((id) => !isUuid(id));
	if (invalid !== undefined) {
		throw inputError(ctx.getNode(), `Job IDs: ${show(invalid)} is not a job id (a UUID)`, {
			description: 'Separate job ids with commas, spaces or new lines.',
		});
	}
	return [...new Set(ids.map((id) => id.toLowerCase()))];
}

const jobFinished: TriggerEvent = {
	run: async (ctx, window, sample) => {
		const watched = parseJobIds(ctx, ctx.getNodeParameter('jobIds', ''));
		// An empty list (an expression that came out empty, say) is an error that leaves the state
		// alone: the jobs seen so far stay remembered and never fire twice.
		if (watched.length === 0) {
			throw inputError(ctx.getNode(), 'Job IDs: add at least one job id to watch', {
				description:
					'The list is empty. If it comes from an expression, check that it gives job ids; nothing is forgotten meanwhile.',
			});
		}
		const statuses = ctx.getNodeParameter('statuses', [...TERMINAL_STATUSES]) as string[];
		const emitAlreadyFinished = ctx.getNodeParameter('options.emitAlreadyFinished', true) !== false;
		const poll = { ...window, watched, options: { statuses: statuses ?? [], emitAlreadyFinished } };
		return sample ? await sampleJobs(ctx, poll) : await pollJobs(ctx, poll);
	},
};

const modelVersion: TriggerEvent = {
	run: async (ctx, window, sample) => {
		// n8n does not extract a resource locator's value inside a fixed collection.
		const entries = ctx.getNodeParameter('models.model', []) as Array<{ assetId: unknown }>;
		const ids = entries.map(({ assetId }) =>
			String(isResourceLocatorValue(assetId) ? assetId.value : (assetId ?? '')),
		);
		const models = [
			...new Set(ids.map((id) => requireUuid(ctx.getNode(), 'Model', id).toLowerCase())),
		];
		if (models.length === 0) {
			throw inputError(ctx.getNode(), 'Models: add at least one model to watch', {
				description: 'Pick the models under Models (Add Model).',
			});
		}
		const emitExisting = ctx.getNodeParameter('options.emitExisting', false) === true;
		const poll = { ...window, models, emitExisting };
		const wanted = ctx.getNodeParameter('versionEvents', ['created', 'published']) as string[];
		if (sample) return await sampleVersions(ctx, poll, wanted);
		const items = (await pollVersions(ctx, poll))?.[0].filter(
			(item) =>
				!['created', 'published'].includes(String(item.json.event)) ||
				wanted.includes(String(item.json.event)),
		);
		return items && items.length > 0 ? [items] : null;
	},
};

const asset: TriggerEvent = {
	run: async (ctx, window, sample) => {
		const folder = ctx.getNodeParameter('folderId', '', { extractValue: true }) as string;
		const folderId = folder ? requireUuid(ctx.getNode(), 'Folder', folder) : undefined;
		const emitExisting = ctx.getNodeParameter('options.emitExisting', false) === true;
		const removed = ctx.getNodeParameter('options.removed', false) === true;
		const poll = { ...window, folderId, emitExisting, removed };
		return sample ? await sampleAssets(ctx, poll) : await pollAssets(ctx, poll);
	},
};

const EVENTS: Record<string, TriggerEvent> = { jobFinished, modelVersion, asset };

/** The event the node is set to (workflows from before the Event parameter watch jobs). */
export function eventOf(ctx: IPollFunctions): TriggerEvent {
	const name = ctx.getNodeParameter('event', 'jobFinished') as string;
	return EVENTS[name] ?? jobFinished;
}

/** The poll's window and transport (its rate gate shut until `slowedUntil`, if given). */
export function windowOf(
	ctx: IPollFunctions,
	settings: { transport: TransportSettings; pollCeilingMs: number },
	slowedUntil?: number,
): PollWindowed {
	const { chance } = settings.transport;
	const { until } = pollWindow(ctx, chance.now(), settings.pollCeilingMs);
	const api = new AssetWorkspaceTransport(ctx, settings.transport, slowedUntil);
	return { api, until, now: chance.now };
}
