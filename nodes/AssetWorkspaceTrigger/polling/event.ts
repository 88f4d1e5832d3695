/** What an event of the trigger is (events/<event>/index.ts), and the window every poll asks in. */
import type { INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { AssetWorkspaceTransport, type TransportSettings } from '../../shared/transport';
import { pollWindow } from './window';

export interface PollWindowed {
	api: AssetWorkspaceTransport;
	/** When (ms on the transport's clock) asking must be over. */
	until: number;
	now: () => number;
}

export interface TriggerEvent {
	name: string;
	value: string;
	description: string;
	subtitle: string;
	parameters: INodeProperties[];
	/** Polls (changing the state) or, with `sample`, answers Fetch Test Event (changing nothing). */
	run: (
		ctx: IPollFunctions,
		window: PollWindowed,
		sample: boolean,
	) => Promise<INodeExecutionData[][] | null>;
}

/** The poll's window and transport (its rate gate shut until `slowedUntil`, if given). */
export function windowOf(
	ctx: IPollFunctions,
	settings: { transport: TransportSettings; pollCeilingMs: number },
	slowedUntil?: number,
): PollWindowed {
	const { clock } = settings.transport;
	const { until } = pollWindow(ctx, clock.now(), settings.pollCeilingMs);
	const api = new AssetWorkspaceTransport(ctx, settings.transport, slowedUntil);
	return { api, until, now: clock.now };
}
