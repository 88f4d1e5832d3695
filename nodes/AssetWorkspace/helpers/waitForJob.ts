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

/** Polls until the job is terminal; returns it with `waitedSeconds` and `pollCount`. */
export async function waitForJob(
	ctx: IExecuteFunctions,
	api: AssetWorkspaceTransport,
	jobId: string,
	options: WaitOptions,
	itemIndex: number,
	known?: Job,
): Promise<IDataObject> {
	const { now, pause } = api.settings.clock;
	const started = now();
	const deadline = started + options.timeoutSeconds * 1000;
	let job = known;
	let pollCount = 0;
	let interval = WAIT_POLICY.firstIntervalMs;
	let lastFailure: NodeApiError | undefined;
	const withJob = <E extends NodeOperationError | NodeApiError>(error: E): E => {
		error.context.job ??= (job ?? { jobId }) as IDataObject;
		return error;
	};
	while (!job || !isTerminal(job.status)) {
		const remaining = deadline - now();
		if (remaining <= 0) {
			const failing = lastFailure ? ` The last status check failed: ${lastFailure.message}` : '';
			throw withJob(
				operationError(
					ctx.getNode(),
					`Job ${jobId} did not finish within ${options.timeoutSeconds} s (last status: ${job?.status ?? 'unknown'})`,
					{
						itemIndex,
						description: `The job keeps running on the service: follow it with Job > Get or the Asset Workspace Trigger, or raise the timeout.${failing}`,
						// Why the last status check failed, if it did; a job that is only slow has no cause.
						failure: lastFailure?.failure,
					},
				),
			);
		}
		if (job || lastFailure) {
			await pause(Math.min(interval, remaining), ctx.getExecutionCancelSignal()).catch(() => {
				throw withJob(cancelledWhileWaiting(ctx, jobId, itemIndex));
			});
			interval = Math.min(interval * WAIT_POLICY.growth, WAIT_POLICY.maxIntervalMs);
		}
		try {
			job = (
				await api.request({
					method: 'GET',
					path: ['jobs', jobId],
					schema: jobEnvelopeSchema,
					itemIndex,
					until: deadline + LAST_ANSWER_MS,
				})
			).data;
			lastFailure = undefined;
		} catch (error) {
			const lasting =
				!(error instanceof NodeApiError) || LASTING_STATUSES.has(String(error.httpCode));
			if (lasting)
				throw error instanceof NodeApiError || error instanceof NodeOperationError
					? withJob(error)
					: error;
			lastFailure = error as NodeApiError;
		}
		pollCount++;
	}
	const result: IDataObject = {
		...(job as IDataObject),
		waitedSeconds: Math.round((now() - started) / 100) / 10,
		pollCount,
	};
	if (options.failOn.includes(job.status)) {
		const error = operationError(ctx.getNode(), `Job ${jobId} ended with status "${job.status}"`, {
			itemIndex,
			description: `The asset's run finished as "${job.status}", which this node is set to fail on (Fail On). The job is in the error details.`,
		});
		error.context.job = result;
		throw error;
	}
	return result;
}
