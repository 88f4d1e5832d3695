/** Asking within the window: one id's 404 or 403 is its own, a wrong key fails the poll. */
import { NodeApiError, type IPollFunctions } from 'n8n-workflow';

import { mapWithConcurrency } from '../../shared/concurrency';
import { nodeErrorOf } from '../../shared/errors/nodeErrors';
import { assetListSchema } from '../../shared/schemas';
import type { PollWindowed } from './event';

export const LEAST_TIME_TO_ASK_MS = 500;

export type Answer<T> = { id: string; value?: T; notFound?: boolean; error?: NodeApiError };

/** Asks `fetch` for each id, `concurrency` at a time; an id not started in time is left out. */
export async function askWithin<T>(
	ctx: IPollFunctions,
	poll: PollWindowed,
	ids: string[],
	concurrency: number,
	fetch: (id: string) => Promise<T | null>,
): Promise<Array<Answer<T>>> {
	const answers = await mapWithConcurrency(ids, concurrency, async (id) => {
		if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return undefined;
		try {
			const value = await fetch(id);
			return value === null ? { id, notFound: true } : { id, value };
		} catch (error) {
			if (error instanceof NodeApiError) return { id, error } as Answer<T>;
			throw nodeErrorOf(ctx.getNode(), error);
		}
	});
	return answers.filter((answer): answer is Answer<T> => answer !== undefined);
}

export const isForbidden = (answer: Answer<unknown>) => answer.error?.httpCode === '403';

/** Throws what fails the whole poll; otherwise the answers can be recorded. */
export async function failIfThePollFails(poll: PollWindowed, answers: Array<Answer<unknown>>) {
	const failures = answers.filter((a) => a.error).map((a) => a.error!);
	// The service asked to wait longer than the node waits: n8n shows the error.
	const waitTooLong = poll.api.askedToWaitTooLong && failures.find((e) => e.httpCode === '429');
	if (waitTooLong) throw waitTooLong;
	const unauthorized = failures.find((e) => e.httpCode === '401');
	if (unauthorized) throw unauthorized;
	const forbidden = answers.filter(isForbidden);
	if (forbidden.length > 0 && forbidden.length === answers.length) {
		// A key without rights reads nothing: one listing request tells (it throws then).
		await poll.api.request({
			method: 'GET',
			path: ['assets'],
			qs: { limit: 1 },
			schema: assetListSchema,
			until: poll.until,
		});
	}
	const others = failures.filter((e) => e.httpCode !== '403');
	if (others.length > 0 && others.length === answers.length) throw others[0];
}
