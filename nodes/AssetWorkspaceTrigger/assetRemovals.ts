/**
 * Removal candidates of the Asset event confirmed by asking for each, side by side after the
 * listing was read (one that hangs holds only its own place): 404 (or 403) means gone for this
 * key, as does an asset now in another folder. One not answered is asked again next poll.
 */
import type { INodeExecutionData, NodeApiError } from 'n8n-workflow';

import { mapWithConcurrency } from '../shared/concurrency';
import { assetEnvelopeSchema } from '../shared/schemas';
import { LEAST_TIME_TO_ASK_MS, type PollWindowed } from './askWithin';
import type { AssetsState } from './assetState';
import { confirmRemoved } from './removalWatch';

/** Candidates asked at once. */
const CANDIDATES_AT_ONCE = 8;

type Answer = 'gone' | 'there' | 'unknown';

/** What a request says of a candidate (see confirmRemoved), and a failure the poll must show. */
async function ask(
	poll: PollWindowed & { folderId?: string },
	id: string,
): Promise<{ answer: Answer; failure?: NodeApiError }> {
	if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return { answer: 'unknown' };
	try {
		const found = await poll.api.requestOrNotFound({
			method: 'GET',
			path: ['assets', id],
			schema: assetEnvelopeSchema,
			until: poll.until,
		});
		const moved = poll.folderId !== undefined && found?.data.parentFolder?.id !== poll.folderId;
		return { answer: found === null || moved ? 'gone' : 'there' };
	} catch (error) {
		const failure = error as NodeApiError;
		if (failure.httpCode === '403') return { answer: 'gone' };
		return { answer: 'unknown', failure };
	}
}

/**
 * Asks for each candidate; returns the removals that fire, and a 429 whose wait was longer than
 * the node waits (the poll fails with it, as a listing page's would).
 */
export async function confirmRemovals(
	poll: PollWindowed & { folderId?: string },
	state: AssetsState,
	candidates: string[],
): Promise<{ fired: INodeExecutionData[]; waitTooLong?: NodeApiError }> {
	const ids = [...new Set(candidates)];
	const answers = await mapWithConcurrency(ids, CANDIDATES_AT_ONCE, (id) => ask(poll, id));
	const fired: INodeExecutionData[] = [];
	let waitTooLong: NodeApiError | undefined;
	answers.forEach(({ answer, failure }, index) => {
		confirmRemoved(state, ids[index], answer);
		if (answer === 'gone') fired.push({ json: { event: 'removed', id: ids[index] } });
		if (failure?.httpCode === '429' && poll.api.askedToWaitTooLong) waitTooLong ??= failure;
	});
	return { fired, waitTooLong };
}
