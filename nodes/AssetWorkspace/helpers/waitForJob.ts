// Waiting for a job to finish (docs/running-and-waiting.md, "Waiting for a run"); every error
// carries the job (`context.job`), so the failed item still names it.
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
} from 'n8n-workflow';

import type { AssetWorkspaceTransport } from '../../shared/transport';
import type { WaitOptions } from './waitOptions';
import { operationError } from '../../shared/errors/nodeErrors';
import { isTerminal, jobEnvelopeSchema, type Job } from '../../shared/schemas';

/** Answers that will not change by asking again: the wait ends on them at once. */
const LASTING_STATUSES = new Set(['400', '401', '403', '404']);

export const WAIT_POLICY = { firstIntervalMs: 1000, growth: 1.5, maxIntervalMs: 30_000 };
/** The last status check, made at the Timeout, may take this long to answer. */
export const LAST_ANSWER_MS = 1000;

function cancelledWhileWaiting(ctx: IExecuteFunctions, jobId: string, itemIndex: number) {
	return operationError(
		ctx.getNode(),
		`The execution was cancelled while waiting for job ${jobId}`,
		{
			itemIndex,
			description:
				'The job keeps running on the service: follow it with Job > Get or the Asset Workspace Trigger.',
		},
	);
}

/** One wait: what it knows of the job so far, and how it asks. */
interface Waiting {
	ctx: IExecuteFunctions;
	api: AssetWorkspaceTransport;
	jobId: string;
	options: WaitOptions;
	itemIndex: number;
	started: number;
	deadline: number;
	job?: Job;
	pollCount: number;
	interval: number;
	lastFailure?: NodeApiError;
}

/** Polls until the job is terminal; returns it with `waitedSeconds` and `pollCount`. */
export async function waitForJob(
	ctx: IExecuteFunctions,
	api: AssetWorkspaceTransport,
	jobId: string,
	options: WaitOptions,
	itemIndex: number,
	known?: Job,
): Promise<IDataObject> {
	const started = api.settings.clock.now();
	const deadline = started + options.timeoutSeconds * 1000;
	const wait: Waiting = {
		ctx,
		api,
		jobId,
		options,
		itemIndex,
		started,
		deadline,
		job: known,
		pollCount: 0,
		interval: WAIT_POLICY.firstIntervalMs,
	};
	while (!wait.job || !isTerminal(wait.job.status)) {
		const remaining = deadline - api.settings.clock.now();
		if (remaining <= 0) throw withJob(wait, timedOut(wait));
		if (wait.job || wait.lastFailure) await pauseBeforeAsking(wait, remaining);
		await askStatus(wait);
		wait.pollCount++;
	}
	return finished(wait, wait.job);
}

/** Every error carries the job as last seen, so the failed item still names it. */
function withJob<E extends NodeOperationError | NodeApiError>(wait: Waiting, error: E): E {
	error.context.job ??= (wait.job ?? { jobId: wait.jobId }) as IDataObject;
	return error;
}

function timedOut({ ctx, jobId, options, itemIndex, job, lastFailure }: Waiting) {
	const failing = lastFailure ? ` The last status check failed: ${lastFailure.message}` : '';
	return operationError(
		ctx.getNode(),
		`Job ${jobId} did not finish within ${options.timeoutSeconds} s (last status: ${job?.status ?? 'unknown'})`,
		{
			itemIndex,
			description: `The job keeps running on the service: follow it with Job > Get or the Asset Workspace Trigger, or raise the timeout.${failing}`,
			// Why the last status check failed, if it did; a job that is only slow has no cause.
			failure: lastFailure?.failure,
		},
	);
}

async function pauseBeforeAsking(wait: Waiting, remaining: number) {
	const { ctx, api, jobId, itemIndex } = wait;
	await api.settings.clock
		.pause(Math.min(wait.interval, remaining), ctx.getExecutionCancelSignal())
		.catch(() => {
			throw withJob(wait, cancelledWhileWaiting(ctx, jobId, itemIndex));
		});
	wait.interval = Math.min(wait.interval * WAIT_POLICY.growth, WAIT_POLICY.maxIntervalMs);
}

/** One status check; a failure that asking again cannot mend ends the wait, another is kept. */
async function askStatus(wait: Waiting) {
	try {
		const answer = await wait.api.request({
			method: 'GET',
			path: ['jobs', wait.jobId],
			schema: jobEnvelopeSchema,
			itemIndex: wait.itemIndex,
			until: wait.deadline + LAST_ANSWER_MS,
		});
		wait.job = answer.data;
		wait.lastFailure = undefined;
	} catch (error) {
		if (error instanceof NodeApiError && !LASTING_STATUSES.has(String(error.httpCode)))
			wait.lastFailure = error;
		else
			throw error instanceof NodeApiError || error instanceof NodeOperationError
				? withJob(wait, error)
				: error;
	}
}

/** The finished job with how long and how often it was asked; a Fail On status fails the item. */
function finished({ ctx, api, jobId, options, itemIndex, started, pollCount }: Waiting, job: Job) {
	const result: IDataObject = {
		...(job as IDataObject),
		waitedSeconds: Math.round((api.settings.clock.now() - started) / 100) / 10,
		pollCount,
	};
	if (!options.failOn.includes(job.status)) return result;
	const error = operationError(ctx.getNode(), `Job ${jobId} ended with status "${job.status}"`, {
		itemIndex,
		description: `The asset's run finished as "${job.status}", which this node is set to fail on (Fail On). The job is in the error details.`,
	});
	error.context.job = result;
	throw error;
}
