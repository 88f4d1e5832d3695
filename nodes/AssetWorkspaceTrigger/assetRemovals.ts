/**
 * Removal candidates of the Asset event confirmed by asking for each: 404 (or 403) means gone for
 * this key, as does an asset now in another folder. A candidate that cannot be asked (no time
 * left, or no clear answer) is asked again at the start of the next poll.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { assetEnvelopeSchema } from '../shared/schemas';
import { LEAST_TIME_TO_ASK_MS, type PollWindowed } from './askWithin';
import type { AssetsState } from './assetState';
import { confirmRemoved } from './removalWatch';

/** What a request says of a candidate (see confirmRemoved). */
async function ask(poll: PollWindowed & { folderId?: string }, id: string) {
	if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return 'unknown';
	const answer = await poll.api
		.requestOrNotFound({
			method: 'GET',
			path: ['assets', id],
			schema: assetEnvelopeSchema,
			until: poll.until,
		})
		.catch((error: { httpCode?: string }) => (error.httpCode === '403' ? null : undefined));
	if (answer === undefined) return 'unknown';
	const moved = poll.folderId !== undefined && answer?.data.parentFolder?.id !== poll.folderId;
	return answer === null || moved ? 'gone' : 'there';
}

/** Asks for each candidate in turn; returns the removals that fire. */
export async function confirmRemovals(
	poll: PollWindowed & { folderId?: string },
	state: AssetsState,
	candidates: string[],
): Promise<INodeExecutionData[]> {
	const fired: INodeExecutionData[] = [];
	for (const id of candidates) {
		const answer = await ask(poll, id);
		confirmRemoved(state, id, answer);
		if (answer === 'gone') fired.push({ json: { event: 'removed', id } });
	}
	return fired;
}
