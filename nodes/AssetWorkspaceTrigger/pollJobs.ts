/**
 * One poll of the Job Finished event: asks for the watched jobs that are not settled (those
 * asked longest ago first, POLL_CONCURRENCY at a time) until the poll's window closes, records
 * the answers and returns what fires. The state is written once, as the last step.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';

import { mapWithConcurrency } from '../shared/concurrency';
import { assetListSchema, jobEnvelopeSchema, type Job } from '../shared/schemas';
import type { AssetWorkspaceTransport } from '../shared/transport';
import {
	jobsToAsk,
	markAsked,
	observe,
	observeUnreadable,
	readWatchState,
	writeWatchState,
	type WatchOptions,
} from './jobWatch';

/** How many job statuses are asked for at once in one poll. */
export const POLL_CONCURRENCY = 16;
/** A request is not started with less than this left of the window. */
const LEAST_TIME_TO_ASK_MS = 500;

type Answer = { jobId: string; job?: Job; notFound?: boolean; error?: NodeApiError };

export interface JobPoll {
	api: AssetWorkspaceTransport;
	watched: string[];
	options: WatchOptions;
	until: number;
	now: () => number;
}

/** Asks for `jobIds` within the window; a job not started in time is left out of the answers. */
export async function askJobs(ctx: IPollFunctions, poll: JobPoll, jobIds: string[]) {
	const answers = await mapWithConcurrency(jobIds, POLL_CONCURRENCY, async (jobId) => {
		if (poll.until - poll.now() < LEAST_TIME_TO_ASK_MS) return undefined;
		try {
			const answer = await poll.api.requestOrNotFound({
				method: 'GET',
				path: ['jobs', jobId],
				schema: jobEnvelopeSchema,
				until: poll.until,
			});
			return answer === null ? { jobId, notFound: true } : { jobId, job: answer.data };
		} catch (error) {
			if (error instanceof NodeApiError) return { jobId, error } as Answer;
			throw new NodeOperationError(ctx.getNode(), error as Error);
		}
	});
	return answers.filter((answer): answer is Answer => answer !== undefined);
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

/** Fails (with the service's 401 or 403) when the key cannot read the workspace at all. */
async function checkKey(poll: JobPoll) {
	await poll.api.request({
		method: 'GET',
		path: ['assets'],
		qs: { limit: 1 },
		schema: assetListSchema,
		until: poll.until,
	});
}

export async function pollJobs(ctx: IPollFunctions, poll: JobPoll) {
	const staticData = ctx.getWorkflowStaticData('node');
	const state = readWatchState(staticData);
	const asked = jobsToAsk(state, poll.watched);
	const answers = await askJobs(ctx, poll, asked);
	const failures = answers.filter((a) => a.error).map((a) => a.error!);
	// A wrong key fails the poll before any answer changes the state: a job that finished
	// meanwhile is still unsettled and fires on the next poll that works. A 403 for every job
	// asked may be a key without rights: one listing request tells. Otherwise each 403 is
	// reported for its job.
	const unauthorized = failures.find((e) => e.httpCode === '401');
	if (unauthorized) throw unauthorized;
	const forbidden = failures.filter((e) => e.httpCode === '403');
	if (forbidden.length > 0 && forbidden.length === answers.length) await checkKey(poll);
	// Other failures fail the poll only when nothing answered (the service is down).
	const others = failures.filter((e) => e.httpCode !== '403');
	if (others.length > 0 && others.length === answers.length) throw others[0];

	const fired: INodeExecutionData[] = [];
	const now = poll.now();
	for (const answer of answers) {
		markAsked(state, answer.jobId, now);
		if (answer.job) {
			const { fire, previousStatus } = observe(
				state,
				answer.jobId,
				answer.job.status,
				poll.options,
			);
			if (fire) fired.push({ json: { ...answer.job, previousStatus } as IDataObject });
			continue;
		}
		const kind = answer.notFound
			? 'notFound'
			: answer.error?.httpCode === '403'
				? 'forbidden'
				: undefined;
		if (kind && observeUnreadable(state, answer.jobId, kind)) {
			fired.push({ json: unreadableItem(answer.jobId, kind) });
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
		.filter((a) => a.job)
		.map((a) => ({
			json: { ...a.job, previousStatus: state[a.jobId]?.status ?? null } as IDataObject,
		}));
	if (sample.length > 0) return [sample];
	throw (
		answers.find((a) => a.error)?.error ??
		new NodeOperationError(ctx.getNode(), 'None of the watched jobs was found with this API key')
	);
}
