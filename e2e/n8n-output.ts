/* eslint-disable @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What n8n says of a run (`n8n execute --rawOutput`'s output, or an execution its REST API
 * gives), read as each node's output items and the run's error.
 */

export interface WorkflowRun {
	status: string;
	finished?: boolean;
	/** Output items of each node (first run, all outputs), JSON only. */
	nodes: Record<string, Array<Array<Record<string, unknown>>>>;
	/** The error of the node that failed the run, if any. */
	error?: { message: string; description?: string; node?: string };
	raw: any;
}

/**
 * `n8n execute --rawOutput` prints logger lines, then the result as indented JSON (from a line that
 * is exactly `{` to one that is exactly `}`), then, when a node failed, the error again as text.
 */
export function parseRawOutput(stdout: string): any {
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line === '{');
	const end = lines.indexOf('}', start);
	if (start < 0 || end < 0) throw new Error(`n8n printed no result:\n${stdout.slice(-3000)}`);
	return JSON.parse(lines.slice(start, end + 1).join('\n'));
}

export function summarizeRun(raw: any): WorkflowRun {
	const runData = raw?.data?.resultData?.runData ?? {};
	const nodes: WorkflowRun['nodes'] = {};
	let error: WorkflowRun['error'];
	for (const [name, runs] of Object.entries<any[]>(runData)) {
		const task = runs[0];
		nodes[name] = (task?.data?.main ?? []).map((output: any[] | null) =>
			(output ?? []).map((item) => item.json),
		);
		if (task?.error && !error)
			error = { message: task.error.message, description: task.error.description, node: name };
	}
	const topError = raw?.data?.resultData?.error;
	if (!error && topError)
		error = {
			message: topError.message,
			description: topError.description,
			node: topError.node?.name,
		};
	return { status: raw?.status ?? 'unknown', finished: raw?.finished, nodes, error, raw };
}

/**
 * An execution's data as n8n's REST API gives it: in `flatted`'s format, a JSON array whose first
 * entry is the value and whose strings inside objects and arrays are the indexes of other entries
 * (so that shared and circular references survive).
 */
export function unflatten(text: string): any {
	const entries: unknown[] = JSON.parse(text);
	const done = new Map<number, unknown>();
	const at = (index: number): unknown => {
		if (done.has(index)) return done.get(index);
		const entry = entries[index];
		if (typeof entry !== 'object' || entry === null) return entry; // a string, stored once
		const value: Record<string, unknown> = Array.isArray(entry) ? ([] as never) : {};
		done.set(index, value);
		for (const [key, inner] of Object.entries(entry))
			value[key] = typeof inner === 'string' ? at(Number(inner)) : inner;
		return value;
	};
	return at(0);
}
