/**
 * What a failed item looks like: on the error output (or the regular one with Continue On Fail),
 * an item carrying its error and, when it started a job, that job; and when the node stops,
 * the error that names the jobs other items had already started.
 */
import {
	NodeApiError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type NodeOperationError,
} from 'n8n-workflow';

/** How one input item ended. */
export type Outcome = {
	items?: INodeExecutionData[];
	error?: NodeApiError | NodeOperationError;
	skipped?: true;
};

/** The job an item started, from its output or its error. */
function jobIdOf(outcome: Outcome): string | undefined {
	const json = outcome.items?.[0]?.json ?? (outcome.error?.context.job as IDataObject | undefined);
	return typeof json?.jobId === 'string' ? json.jobId : undefined;
}

/**
 * The error that stops the node, naming the jobs that other items already started: they are not
 * in any output (n8n keeps none when a node stops), so this is where the user finds them.
 */
export function withStartedJobs(error: NodeApiError | NodeOperationError, outcomes: Outcome[]) {
	const failed = error.context.itemIndex as number | undefined;
	const started = outcomes.flatMap((outcome, i) => {
		const jobId = i === failed ? undefined : jobIdOf(outcome);
		return jobId ? [{ itemIndex: i, jobId }] : [];
	});
	const own = (error.context.job as IDataObject | undefined)?.jobId;
	const parts = [
		own ? `This item's job is ${String(own)}.` : '',
		started.length
			? `Jobs already started for other items (not in any output, because the node stopped): ${started.map((s) => `${s.jobId} (item ${s.itemIndex})`).join(', ')}.`
			: '',
	].filter(Boolean);
	if (parts.length === 0) return error;
	error.context.startedJobs = started;
	error.description = [error.description, ...parts].filter(Boolean).join(' ');
	return error;
}

/**
 * Whether n8n routes an item of `error` and `details` to the error output. n8n 2.x does (any of
 * error, message, details); n8n 1.x (n8n-core 1.122's handleNodeErrorOutput) only routes JSON of
 * `error` alone or of `error` and `message`. n8n 1.x's execution context lacks 2.x's
 * isToolExecution, which tells the two apart.
 */
function errorOutputTakesDetails(ctx: IExecuteFunctions): boolean {
	const onN8n2 = typeof (ctx as unknown as Record<string, unknown>).isToolExecution === 'function';
	return onN8n2 || ctx.getNode().onError !== 'continueErrorOutput';
}

/**
 * A failed item, JSON only: `error` (the message) and `details` (item index, description, HTTP
 * status, and the job when the item started one: `details.jobId`, `details.job`). On n8n 1.x's
 * error output, which takes no `details`, it is `error` and `message` (the description, naming
 * the job).
 */
export function errorItem(
	ctx: IExecuteFunctions,
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const details: IDataObject = { itemIndex };
	if (error.description) details.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) details.httpCode = error.httpCode;
	const job = error.context.job as IDataObject | undefined;
	if (job) Object.assign(details, { jobId: job.jobId, job });
	const pairedItem = { item: itemIndex };
	if (errorOutputTakesDetails(ctx)) return { json: { error: error.message, details }, pairedItem };
	const jobText = job ? ` Job ${String(job.jobId)} (last status: ${String(job.status)}).` : '';
	const message = `${error.description ?? ''}${jobText}`.trim();
	return { json: { error: error.message, message }, pairedItem };
}
