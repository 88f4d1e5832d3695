// Failed items (with the job each started), and the stopping error that names jobs already started.
import {
	NodeApiError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type NodeOperationError,
} from 'n8n-workflow';

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

/** Names the jobs other items started: n8n keeps no output when a node stops. */
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

// n8n 1.x routes to the error output only JSON of `error` (and `message`), no `details`; its
// execution context lacks 2.x's isToolExecution, which tells the two apart.
function errorOutputTakesDetails(ctx: IExecuteFunctions): boolean {
	const onN8n2 = typeof (ctx as unknown as Record<string, unknown>).isToolExecution === 'function';
	return onN8n2 || ctx.getNode().onError !== 'continueErrorOutput';
}

/** A failed item's JSON, as docs/errors-and-retries.md shows it. */
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
