/** The Asset event: an asset (in a folder, or anywhere) is new or changed, or (optionally) gone. */
import { requireUuid } from '../../../shared/validation';
import type { TriggerEvent } from '../../polling/event';
import { assetParameters } from './parameters';
import { pollAssets, sampleAssets } from './poll';

export const asset: TriggerEvent = {
	name: 'Asset Created or Updated',
	value: 'asset',
	description: 'An asset (in a folder, or anywhere) is new or changed',
	subtitle: 'Assets created or updated',
	parameters: assetParameters,
	run: async (ctx, window, sample) => {
		const folder = ctx.getNodeParameter('options.folderId', '', { extractValue: true }) as string;
		const folderId = folder ? requireUuid(ctx.getNode(), 'Folder', folder) : undefined;
		const emitExisting = ctx.getNodeParameter('options.emitExisting', false) === true;
		const removed = ctx.getNodeParameter('options.removed', false) === true;
		const poll = { ...window, folderId, emitExisting, removed };
		return sample ? await sampleAssets(ctx, poll) : await pollAssets(ctx, poll);
	},
};
