/**
 * The Asset event's removals, apart from n8n and HTTP (with Fire for Removed Assets on): the ids
 * a complete round no longer lists are candidates, and a request for each says whether it is
 * gone. An asset fires "removed" once: confirmed gone, it leaves every list of ids, so no later
 * round can make it a candidate again.
 */
import type { AssetsState, Round } from './assetState';

/**
 * At a round's end: the ids in scope become the ones it saw, and the candidates are returned (in
 * scope before, not seen now). An unconfirmed candidate the round saw is there after all; with
 * removed off, nothing is kept (turned on again later, old candidates never fire).
 */
export function roundRemovals(state: AssetsState, round: Round): string[] {
	const seen = new Set(round.ids);
	const gone = round.ids ? (state.ids ?? []).filter((id) => !seen.has(id)) : [];
	state.ids = round.ids && [...seen]; // a shifted listing shows some ids twice
	const unconfirmed = round.ids ? (state.unconfirmed ?? []).filter((id) => !seen.has(id)) : [];
	state.unconfirmed = unconfirmed.length > 0 ? unconfirmed : undefined;
	return gone;
}

/**
 * Records what a request for a removal candidate said: `gone` (it fires once, and is forgotten),
 * `there` (kept in scope: it is a candidate again if the next round misses it too), or `unknown`
 * (no answer or no time: asked again at the next poll).
 */
export function confirmRemoved(
	state: AssetsState,
	id: string,
	answer: 'gone' | 'there' | 'unknown',
) {
	const unconfirmed = new Set(state.unconfirmed);
	if (answer === 'unknown') unconfirmed.add(id);
	else unconfirmed.delete(id);
	state.unconfirmed = unconfirmed.size > 0 ? [...unconfirmed] : undefined;
	if (answer === 'there' && state.ids && !state.ids.includes(id)) state.ids.push(id);
	if (answer === 'gone') {
		delete state.recent[id];
		// A round may have listed it since it was a candidate (then it went): not in scope any more.
		state.ids = state.ids?.filter((known) => known !== id);
		if (state.round?.ids) state.round.ids = state.round.ids.filter((seen) => seen !== id);
	}
}
