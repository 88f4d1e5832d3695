import {
	NodeConnectionTypes,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';

import { triggerHint } from '../shared/builderHints';
import { nodeErrorOf } from '../shared/errors/nodeErrors';
import { listSearchWith } from '../shared/listSearch';
import { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from '../shared/transport';
import { eventOf, triggerProperties, triggerSubtitle } from './events';
import { windowOf } from './polling/event';
import { POLL_CEILING_MS } from './polling/window';
import {
	endFailingPolls,
	failsVisibly,
	lastEmitUnseen,
	markEmit,
	onePollAtATime,
	pollKey,
} from './polling/processMemory';
import { keepSlowdown, slowedUntil } from './polling/slowdown';

export interface TriggerSettings {
	transport: TransportSettings;
	pollCeilingMs: number;
}

export const DEFAULT_TRIGGER_SETTINGS: Readonly<TriggerSettings> = {
	transport: DEFAULT_TRANSPORT_SETTINGS,
	pollCeilingMs: POLL_CEILING_MS,
};

export class AssetWorkspaceTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Workspace Trigger',
		name: 'assetWorkspaceTrigger',
		icon: { light: 'file:assetWorkspace.svg', dark: 'file:assetWorkspace.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: triggerSubtitle,
		description:
			'Starts the workflow once when a watched job finishes, a model gets a new or published version, or an asset is created or changed',
		defaults: { name: 'Asset Workspace Trigger' },
		polling: true,
		builderHint: triggerHint,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetWorkspaceApi', required: true }],
		properties: triggerProperties,
	};

	methods: INodeType['methods'];

	poll: (this: IPollFunctions) => Promise<INodeExecutionData[][] | null>;

	/** n8n builds the node with the defaults; tests pass faster retries and shorter polls. */
	constructor(settings: TriggerSettings = DEFAULT_TRIGGER_SETTINGS) {
		this.methods = { listSearch: listSearchWith(settings.transport) };
		this.poll = async function (this: IPollFunctions) {
			return await pollReportingFailures(this, settings);
		};
	}
}

/**
 * A poll whose failure declares its cause, an expression's or a bug's included. Between the polls
 * that fail visibly (option Report Every Nth Failing Poll), one returns nothing.
 */
async function pollReportingFailures(ctx: IPollFunctions, settings: TriggerSettings) {
	const scheduled = ctx.getMode() !== 'manual';
	try {
		const items = scheduled
			? await scheduledPoll(ctx, settings)
			: await eventOf(ctx).run(ctx, windowOf(ctx, settings), true);
		if (scheduled) endFailingPolls(ctx.getWorkflowStaticData('node'));
		return items;
	} catch (error) {
		const failure = nodeErrorOf(ctx.getNode(), error);
		if (!scheduled) throw failure;
		const everyNth = ctx.getNodeParameter('options.reportEveryNthFailure', 1) as number;
		if (failsVisibly(ctx.getWorkflowStaticData('node'), everyNth)) throw failure;
		return null;
	}
}

/** A scheduled poll: one at a time, none before n8n shows it the last emit's state, slowed by a 429. */
async function scheduledPoll(ctx: IPollFunctions, settings: TriggerSettings) {
	const event = eventOf(ctx);
	const staticData = ctx.getWorkflowStaticData('node');
	const { clock, retry } = settings.transport;
	const now = clock.now();
	// n8n has not shown this poll the state of the last one that emitted: it would fire again.
	const key = pollKey(ctx);
	if (lastEmitUnseen(key, staticData, now)) return null;
	const window = windowOf(ctx, settings, slowedUntil(staticData, now, retry.maxRetryAfterMs));
	const poll = async () => {
		if (window.api.rateLimitedUntil > window.until) return null;
		try {
			const items = await event.run(ctx, window, false);
			// Marked while this poll still holds the guard: no poll starts in between.
			if (items) markEmit(key, staticData, clock.now());
			return items;
		} finally {
			keepSlowdown(staticData, window.api.rateLimitedUntil, window.now(), retry.maxRetryAfterMs);
		}
	};
	return await onePollAtATime(key, now, poll, () => null);
}
