/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Runs the trigger's poll through n8n-core's PollContext and keeps its state the way n8n does,
 * in each of n8n's ways (n8n-modes.ts). `restart()` builds a new workflow from what was saved,
 * as n8n does after a restart.
 */
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeParameters,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { isDeepStrictEqual } from 'node:util';

import {
	AssetWorkspaceTrigger,
	DEFAULT_TRIGGER_SETTINGS,
	type TriggerSettings,
} from '../../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts';
import type { SandboxCredentials } from '../engine/additional-data';
import { nodeTypes } from '../engine/node-types';
import { TEST_TRANSPORT } from '../engine/test-transport';
import { DURABLE_BUDGET_MS, DURABLE_TIMEOUT_MS, type N8nMode } from './n8n-modes';
import { pollOnce, type PollResult } from './poll-once';
import { triggerNodeWith } from './trigger-node';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value ?? {})) as T;
let workflows = 0;

export interface HarnessOptions {
	mode?: N8nMode;
	/** What n8n had saved (as `saved` of an earlier harness in the same mode). */
	saved?: IDataObject;
	settings?: Partial<TriggerSettings>;
	/** The durable poll's budget and timeout, when a test shortens them. */
	budgetMs?: number;
	timeoutMs?: number;
}

export class TriggerHarness {
	/** What n8n keeps in its database: the workflow's static data, or (durable) the poll cursor. */
	saved: IDataObject;
	readonly mode: N8nMode;
	private workflow!: Workflow;
	private readonly workflowId = `trigger-workflow-${++workflows}`;
	private readonly node: INode;
	private readonly trigger: AssetWorkspaceTrigger;
	private readonly settings: TriggerSettings;
	/** Durable mode: while set, an emitting poll's commit waits for the test (pollWithCommitHeld). */
	private holdCommit = false;
	private heldCommit?: () => void;

	constructor(
		private readonly credentials: SandboxCredentials,
		parameters: INodeParameters,
		private readonly options: HarnessOptions = {},
	) {
		this.mode = options.mode ?? 'default';
		this.settings = { ...DEFAULT_TRIGGER_SETTINGS, transport: TEST_TRANSPORT, ...options.settings };
		this.trigger = new AssetWorkspaceTrigger(this.settings);
		this.node = triggerNodeWith(parameters);
		this.saved = clone(options.saved ?? {});
		this.restart();
	}

	/** A new workflow instance from what was saved (deactivate/activate, or an n8n restart). */
	restart() {
		this.workflow = new Workflow({
			id: this.workflowId,
			name: 'trigger',
			nodes: [this.node],
			connections: {},
			nodeTypes,
			active: true,
			staticData: this.mode === 'durable' ? {} : clone(this.saved),
		});
	}

	setParameters(parameters: INodeParameters) {
		this.node.parameters = parameters;
		this.restart();
	}

	/** The trigger's own state as the next poll would read it. */
	get state(): IDataObject {
		if (this.mode === 'durable') return clone(this.saved);
		return clone(this.workflow.getStaticData('node', this.node));
	}

	/** The poll n8n runs when it activates the workflow (at start-up too). */
	async activate(): Promise<PollResult> {
		return await this.run('trigger', true);
	}

	/** The first poll n8n runs: at activation (durable cursors keep none that emits nothing). */
	async firstPoll(): Promise<PollResult> {
		return this.mode === 'durable' ? await this.poll() : await this.activate();
	}

	/** A poll on a tick of Poll Times (or, with mode 'manual', the editor's Fetch Test Event). */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<PollResult> {
		return await this.run(mode, false);
	}

	/** Polls started together, as n8n does when a tick comes while the last poll still runs. */
	async overlapping(count: number): Promise<PollResult[]> {
		return await Promise.all(Array.from({ length: count }, async () => await this.poll()));
	}

	/**
	 * Durable mode: a tick whose poll emits, its commit held back. n8n's `__emit` is not awaited:
	 * the poll returns, then `resolveWorkflowData()` and `runPolledWorkflow` commit the cursor
	 * with the execution, under the poll's lease fence (n8n's trigger-execution-context.factory,
	 * workflow-execution.service, poll-cursor.service); polls that start meanwhile read the state
	 * from before. `land()` commits it (only then is there an execution); `refuse()` drops it, as
	 * the fence does once the poll's lease is lost (no execution either).
	 */
	async pollWithCommitHeld(): Promise<PollResult & { land: () => void; refuse: () => void }> {
		if (this.mode !== 'durable') throw new Error('only durable poll cursors commit after the poll');
		this.holdCommit = true;
		try {
			const result = await this.poll();
			const held = this.heldCommit;
			return { ...result, land: () => held?.(), refuse: () => {} };
		} finally {
			this.holdCommit = false;
			this.heldCommit = undefined;
		}
	}

	private async run(mode: WorkflowExecuteMode, activation: boolean): Promise<PollResult> {
		const durable = this.mode === 'durable';
		const seed = durable ? clone(this.saved) : undefined;
		const snapshot = durable ? clone(this.saved) : undefined;
		const { items, error, durationMs } = await pollOnce({
			trigger: this.trigger,
			workflow: this.workflow,
			node: this.node,
			credentials: this.credentials,
			mode,
			activation,
			snapshot: snapshot ? () => snapshot : undefined,
			budgetMs:
				durable && !activation ? () => this.options.budgetMs ?? DURABLE_BUDGET_MS : undefined,
			n8n1: this.mode === 'n8n1',
			now: this.settings.transport.clock.now,
		});
		if (mode === 'manual') return { items, error, durationMs };
		if (durable) {
			// Abandoned past n8n's timeout: no emit, no commit. Errors and null activation polls: no commit.
			if (durationMs > (this.options.timeoutMs ?? DURABLE_TIMEOUT_MS))
				return { items: null, error, durationMs };
			const commit =
				!error && (items !== null || !activation) && !isDeepStrictEqual(snapshot, seed);
			const cursor = clone(snapshot!);
			if (commit && this.holdCommit && items !== null)
				this.heldCommit = () => (this.saved = cursor);
			else if (commit) this.saved = cursor;
			return { items, error, durationMs };
		}
		const saveNow = items !== null || (activation && (this.mode === 'default' || !error));
		if (saveNow) this.saveStaticData();
		return { items, error, durationMs };
	}

	/** n8n's WorkflowStaticDataService.saveStaticData: the whole blob, when it changed. */
	private saveStaticData() {
		const data = this.workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (data.__dataChanged !== true) return;
		this.saved = clone(data);
		data.__dataChanged = false;
	}
}
