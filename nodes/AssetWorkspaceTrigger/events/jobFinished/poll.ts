/** One poll of the Job Finished event: asks for the unsettled jobs, records the answers, fires. */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { failureOf } from '../../../shared/errors/cause';
import { operationError } from '../../../shared/errors/nodeErrors';
import { jobEnvelopeSchema, type Job } from '../../../shared/schemas';
import { askWithin, failIfThePollFails, isForbidden } from '../../polling/askWithin';
import type { PollWindowed } from '../../polling/event';
import { readWatchState, writeWatchState } from './state';
import { jobsToAsk, markAsked, observe, observeUnreadable, type WatchOptions } from './watch';
import { newestOf, watchedSince } from '../../polling/times';

export const POLL_CONCURRENCY = 16;

export interface JobPoll extends PollWindowed {
	watched: string[];
	options: WatchOptions;
}

export async function askJobs(ctx: IPollFunctions, poll: JobPoll, jobIds: string[]) {
	return await askWithin<Job>(ctx, poll, jobIds, POLL_CONCURRENCY, async (jobId) => {
		const answer = await poll.api.requestOrNotFound({
			method: 'GET',
			path: ['jobs', jobId],
			schema: jobEnvelopeSchema,
			until: poll.until,
		});
		return answer && answer.data;
	});
}

function unreadableItem(jobId: string, kind: 'notFound' | 'forbidden'): IDataObject {
	const why =
		kind === 'notFound'
			? 'answers 404: it does not exist, or this API key cannot read its asset'
			: 'answers 403: this API key may not read it';
	const message = `Job ${jobId} ${why}. It is reported once and still watched.`;
	return kind === 'notFound'
		? { jobId, status: 'not_found', notFound: true, message }
		: { jobId, status: 'forbidden', forbidden: true, message };
}

export async function pollJobs(ctx: IPollFunctions, poll: JobPoll) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readWatchState(staticData);
	const startedAt = poll.now();
	const answers = await askJobs(ctx, poll, jobsToAsk(state, poll.watched));
	// Before any answer is recorded: a job that finished meanwhile fires at the next poll that works.
	await failIfThePollFails(poll, answers);
	const fired: INodeExecutionData[] = [];
	const now = poll.now();
	const written = answers.flatMap(({ value }) =>
		value ? [value.startedAt, value.finishedAt] : [],
	);
	const since = watchedSince(poll.api.serviceTime(startedAt), newestOf(written));
	for (const answer of answers) {
		markAsked(state, answer.id, now, since);
		if (answer.value) {
			const { fire, previousStatus } = observe(state, answer.id, answer.value, poll.options);
			if (fire) fired.push({ json: { ...answer.value, previousStatus } as IDataObject });
			continue;
		}
		const kind = answer.notFound ? 'notFound' : isForbidden(answer) ? 'forbidden' : undefined;
		if (kind && observeUnreadable(state, answer.id, kind)) {
			fired.push({ json: unreadableItem(answer.id, kind) });
		}
	}
	writeWatchState(staticData, state, poll.watched);
	return fired.length > 0 ? [fired] : null;
}

/** Fetch Test Event: the current state of the watched jobs, changing nothing. */
export async function sampleJobs(ctx: IPollFunctions, poll: JobPoll) {
	const answers = await askJobs(ctx, poll, poll.watched);
	const state = readWatchState(ctx.getWorkflowStaticData('node'));
	const sample = answers
		.filter((a) => a.value)
		.map((a) => ({
			json: { ...a.value, previousStatus: state[a.id]?.status ?? null } as IDataObject,
		}));
	if (sample.length > 0) return [sample];
	throw (
		answers.find((a) => a.error)?.error ??
		operationError(ctx.getNode(), 'None of the watched jobs was found with this API key', {
			failure: failureOf({ status: 404 }),
		})
	);
}
