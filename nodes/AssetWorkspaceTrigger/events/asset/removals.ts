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
type Asked = { answer: Answer | 'unasked'; failure?: NodeApiError };

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
	if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return { answer: 'unasked' };
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

export type Answers = Array<[id: string, asked: Asked]>;

/** Asks whether each candidate is gone, eight at a time, each within the poll's window. */
export async function askRemovals(
	poll: PollWindowed & { folderId?: string },
	candidates: string[],
): Promise<Answers> {
	const ids = [...new Set(candidates)];
	const answers = await mapWithConcurrency(ids, CANDIDATES_AT_ONCE, (id) => ask(poll, id));
	return ids.map((id, index) => [id, answers[index]]);
}

/**
 * Records the answers: the removals that fire, and a 429 whose wait is longer than the node waits
 * (it fails the poll). A candidate left unasked goes first next time: hanging requests hold their
 * own places only, and cannot keep it from ever being asked.
 */
export function recordRemovals(state: AssetsState, answers: Answers, poll: PollWindowed) {
	const fired: INodeExecutionData[] = [];
	let waitTooLong: NodeApiError | undefined;
	const unasked = answers.filter(([, { answer }]) => answer === 'unasked').map(([id]) => id);
	for (const [id, { answer, failure }] of answers) {
		if (answer === 'unasked') continue;
		confirmRemoved(state, id, answer);
		if (answer === 'gone') fired.push({ json: { event: 'removed', id } });
		if (failure?.httpCode === '429' && poll.api.askedToWaitTooLong) waitTooLong ??= failure;
	}
	const rest = (state.unconfirmed ?? []).filter((id) => !unasked.includes(id));
	const unconfirmed = [...unasked, ...rest];
	state.unconfirmed = unconfirmed.length > 0 ? unconfirmed : undefined;
	return { fired, waitTooLong };
}
