/**
 * What a failed item looks like: on the error output (or the regular one with Continue On Fail),
 * an item carrying its error and, when it started a job, that job; and when the node stops,
 * the error that names the jobs other items had already started.
 */
import {
	NodeApiError,
	type IDataObject,
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
 * A failed item as JSON only (`error` and `details`): n8n routes such items to the error output
 * when that is on (only items with no other keys go there), and keeps `details` on the regular
 * output. When the item started a job, `details.jobId` and `details.job` carry it.
 */
export function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const details: IDataObject = { itemIndex };
	if (error.description) details.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) details.httpCode = error.httpCode;
	const job = error.context.job as IDataObject | undefined;
	if (job) Object.assign(details, { jobId: job.jobId, job });
	return { json: { error: error.message, details }, pairedItem: { item: itemIndex } };
}
