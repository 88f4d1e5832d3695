/** The Asset event's removals: candidates of a complete round, each confirmed by a request. */
import type { INodeExecutionData, NodeApiError } from 'n8n-workflow';

import { mapWithConcurrency } from '../../../shared/concurrency';
import { assetEnvelopeSchema } from '../../../shared/schemas';
import { LEAST_TIME_TO_ASK_MS } from '../../polling/askWithin';
import type { PollWindowed } from '../../polling/event';
import type { AssetsState, Round } from './state';

/** Candidates asked at once: one that never answers holds its own place only. */
const CANDIDATES_AT_ONCE = 8;

type Answer = 'gone' | 'there' | 'unknown';
type Asked = { answer: Answer; failure?: NodeApiError; noTime?: boolean };

/** At a round's end, the ids in scope before and not seen now are the candidates. */
export function roundRemovals(state: AssetsState, round: Round): string[] {
	const seen = new Set(round.ids);
	const gone = round.ids ? (state.ids ?? []).filter((id) => !seen.has(id)) : [];
	state.ids = round.ids && [...seen];
	const unconfirmed = round.ids ? (state.unconfirmed ?? []).filter((id) => !seen.has(id)) : [];
	state.unconfirmed = unconfirmed.length > 0 ? unconfirmed : undefined;
	return gone;
}

/** Records a candidate's answer: gone fires once and is forgotten, unknown is asked again. */
export function confirmRemoved(state: AssetsState, id: string, answer: Answer) {
	const unconfirmed = new Set(state.unconfirmed);
	if (answer === 'unknown') unconfirmed.add(id);
	else unconfirmed.delete(id);
	state.unconfirmed = unconfirmed.size > 0 ? [...unconfirmed] : undefined;
	if (answer === 'there' && state.ids && !state.ids.includes(id)) state.ids.push(id);
	if (answer === 'gone') {
		delete state.recent[id];
		// A round may have listed it since it was a candidate: it is out of scope now.
		state.ids = state.ids?.filter((known) => known !== id);
		if (state.round?.ids) state.round.ids = state.round.ids.filter((seen) => seen !== id);
	}
}

async function ask(poll: PollWindowed & { folderId?: string }, id: string): Promise<Asked> {
	if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return { answer: 'unknown', noTime: true };
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
		return failure.httpCode === '403' ? { answer: 'gone' } : { answer: 'unknown', failure };
	}
}

/**
 * The removals that fire, a 429 whose wait is longer than the node waits (fails the poll), and
 * whether a candidate was left with no time to ask (the next poll asks it before its listing).
 */
export async function confirmRemovals(
	poll: PollWindowed & { folderId?: string },
	state: AssetsState,
	candidates: string[],
): Promise<{ fired: INodeExecutionData[]; waitTooLong?: NodeApiError; noTime: boolean }> {
	const ids = [...new Set(candidates)];
	const answers = await mapWithConcurrency(ids, CANDIDATES_AT_ONCE, (id) => ask(poll, id));
	const fired: INodeExecutionData[] = [];
	let waitTooLong: NodeApiError | undefined;
	answers.forEach(({ answer, failure }, index) => {
		confirmRemoved(state, ids[index], answer);
		if (answer === 'gone') fired.push({ json: { event: 'removed', id: ids[index] } });
		if (failure?.httpCode === '429' && poll.api.askedToWaitTooLong) waitTooLong ??= failure;
	});
	return { fired, waitTooLong, noTime: answers.some((asked) => asked.noTime === true) };
}
