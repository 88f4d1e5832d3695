/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/** Runs one node of our package in n8n-core's WorkflowExecute. */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
} from 'n8n-workflow';

import { AssetWorkspace } from '../../../nodes/AssetWorkspace/AssetWorkspace.node.ts';
import type { TransportSettings } from '../../../nodes/shared/transport';
import { additionalDataFor, type SandboxCredentials } from './additional-data';
import { NODE_TYPE, nodeClasses, nodeTypes } from './node-types';
import { nodeWith, workflowWith } from './one-node-workflow';
import { TEST_TRANSPORT } from './test-transport';

export interface NodeRunOptions {
	parameters: INodeParameters;
	items?: IDataObject[];
	credentials: SandboxCredentials;
	/** n8n's "On Error" setting of the node. */
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
	type?: string;
	/** The node's version in the workflow (default: the version n8n gives a new node). */
	typeVersion?: number;
	/** The node built with these transport settings instead of TEST_TRANSPORT. */
	settings?: TransportSettings;
	/** Cancels the execution (as the editor's Stop button does) once this settles. */
	cancelWhen?: Promise<unknown>;
}

export interface NodeRunResult {
	/** Items per output (with the error output, index 1 holds the failed items). */
	outputs: INodeExecutionData[][];
	/** The node's error when the run stopped on it. */
	error?: Error & { description?: string | null; httpCode?: string | null; context?: IDataObject };
	/** The run data; undefined when n8n refused to start the workflow. */
	run: IRun | undefined;
	/** How long the node's execute() took to return or throw, in ms on the node's clock. */
	nodeMs: number;
}

/** The node types, with our node built with `settings` and its execute() timed. */
function typesFor(settings: TransportSettings | undefined, timing: { ms: number }): INodeTypes {
	const node = settings ? new AssetWorkspace(settings) : nodeClasses[NODE_TYPE];
	const { now } = (settings ?? TEST_TRANSPORT).clock;
	const timed: INodeType = {
		...node,
		description: node.description,
		execute: async function (this: IExecuteFunctions) {
			const started = now();
			try {
				return await node.execute!.call(this);
			} finally {
				timing.ms = now() - started;
			}
		},
	};
	return {
		...nodeTypes,
		getByName: (type) => (type === NODE_TYPE ? timed : nodeClasses[type]),
		getByNameAndVersion: (type) => (type === NODE_TYPE ? timed : nodeClasses[type]),
	};
}

/** Runs one node of our package in WorkflowExecute, with `items` as its input. */
export async function runNode(options: NodeRunOptions): Promise<NodeRunResult> {
	const node: INode = {
		...nodeWith(options.parameters, options.type, options.typeVersion),
		...(options.onError ? { onError: options.onError } : {}),
	};
	const timing = { ms: -1 };
	const workflow = workflowWith(node, typesFor(options.settings, timing));
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: 'test-workflow',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as never);
	let done: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (done = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => done(run));
	const items = (options.items ?? [{}]).map((json) => ({ json }));
	const runExecutionData: IRunExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [{ node, data: { main: [items] }, source: null }],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	const execute = new WorkflowExecute(
		additionalDataFor(options.credentials, hooks),
		'manual',
		runExecutionData,
	);
	try {
		const running = execute.processRunExecutionData(workflow);
		if (options.cancelWhen !== undefined) {
			void options.cancelWhen.then(() => running.cancel());
			// A cancelled run ends its node in the background: wait until the node has returned.
			await finished;
			while (timing.ms < 0) await new Promise((resolve) => setTimeout(resolve, 10));
		} else {
			await running;
		}
	} catch (error) {
		// n8n refuses to start a workflow whose parameters have issues (required, validation rules).
		return {
			outputs: [],
			error: error as NodeRunResult['error'],
			run: undefined,
			nodeMs: timing.ms,
		};
	}
	const run = await finished;
	const taskData = run.data.resultData.runData[node.name]?.[0];
	return {
		outputs: (taskData?.data?.main ?? []).map((output) => output ?? []),
		error: (taskData?.error ?? run.data.resultData.error) as NodeRunResult['error'],
		run,
		nodeMs: timing.ms,
	};
}
