/** The Job Finished event: a watched job reached a final state (once per job). */
import type { IPollFunctions } from 'n8n-workflow';

import { inputError } from '../../../shared/errors/nodeErrors';
import { TERMINAL_STATUSES } from '../../../shared/schemas';
import { isUuid, show } from '../../../shared/validation';
import type { TriggerEvent } from '../../polling/event';
import { jobParameters } from './parameters';
import { pollJobs, sampleJobs } from './poll';

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

export const jobFinished: TriggerEvent = {
	name: 'Job Finished',
	value: 'jobFinished',
	description: 'A watched job reached a final state',
	subtitle: 'Jobs finishing',
	parameters: jobParameters,
	run: async (ctx, window, sample) => {
		const watched = parseJobIds(ctx, ctx.getNodeParameter('jobIds', ''));
		// Empty (an expression that came out empty): an error that forgets no job seen so far.
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
