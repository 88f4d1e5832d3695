/** A run of the node in n8n's engine for a fault-matrix cell, as its Outcome. */
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../engine';
import { json } from '../fixtures';
import type { Env, Outcome } from './cell';

export async function nodeRun(
	env: Env,
	parameters: INodeParameters,
	items?: Array<{ id: string }>,
): Promise<Outcome> {
	const result = await runNode({
		settings: env.settings,
		credentials: env.credentials,
		parameters,
		items,
		onError: 'continueRegularOutput',
	});
	const out = json(result);
	const first =
		out.find((o) => (o.details?.itemIndex ?? 0) === 0 && o.error) ??
		(result.error ? { error: result.error.message } : undefined);
	const second = items && items.length > 1 ? out[out.length - 1] : undefined;
	return {
		ok: !first && !result.error,
		message: first?.error ?? result.error?.message,
		secondItemError: second?.error,
		everything:
			JSON.stringify(result.run) +
			JSON.stringify(out) +
			String(result.error?.message) +
			String(result.error?.description),
	};
}
