/** The Model Version event: a watched model has a new version, or a version was published. */
import { isResourceLocatorValue } from 'n8n-workflow';

import { inputError } from '../../../shared/errors/nodeErrors';
import { requireUuid } from '../../../shared/validation';
import type { TriggerEvent } from '../../polling/event';
import { versionParameters } from './parameters';
import { pollVersions, sampleVersions } from './poll';

export const modelVersion: TriggerEvent = {
	name: 'Model Version Created or Published',
	value: 'modelVersion',
	description: 'A watched model has a new version, or a version was published',
	subtitle: 'Model versions',
	parameters: versionParameters,
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
