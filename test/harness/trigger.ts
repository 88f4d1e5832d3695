/**
 * Runs the trigger's poll through n8n-core's PollContext, keeping its static data the way
 * n8n does across polls, deactivation/activation and restarts:
 * - 'n8n2' (n8n 2.x): a poll's changes are committed when it emits or returns null, and
 *   dropped when it throws (the staged static data of the poll executor);
 * - 'emitOnly' (older n8n): changes are saved to the database only when the poll emits; they
 *   live on in memory until a restart.
 * `restart()` builds a new workflow from what was saved, as n8n does after a restart.
 */
import { PollContext } from 'n8n-core';
import {
	Workflow,
	type IDataObject,
	type INode,
	type INodeParameters,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { AssetWorkspaceTrigger } from '../../nodes/AssetWorkspaceTrigger/AssetWorkspaceTrigger.node.ts';
import {
	CREDENTIAL_TYPE,
	PACKAGE,
	additionalDataFor,
	nodeTypes,
	registerNodeType,
	type SandboxCredentials,
} from './engine';

export const TRIGGER_TYPE = `${PACKAGE}.assetWorkspaceTrigger`;
registerNodeType(TRIGGER_TYPE, new AssetWorkspaceTrigger());

export type Persistence = 'n8n2' | 'emitOnly';

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class TriggerHarness {
	/** What n8n has saved to its database. */
	saved: IDataObject = {};
	private workflow!: Workflow;
	private readonly node: INode;

	constructor(
		private readonly credentials: SandboxCredentials,
		parameters: INodeParameters,
		private readonly persistence: Persistence = 'n8n2',
		saved: IDataObject = {},
	) {
		this.node = {
			id: 'trigger-under-test',
			name: 'Asset Workspace Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: {
				[CREDENTIAL_TYPE]: { id: 'awSandboxCred01', name: 'Asset Workspace Sandbox' },
			},
		};
		this.saved = clone(saved);
		this.restart();
	}

	/** A new workflow instance from the saved static data (deactivate/activate, or an n8n restart). */
	restart() {
		this.workflow = new Workflow({
			id: 'trigger-workflow',
			name: 'trigger',
			nodes: [this.node],
			connections: {},
			nodeTypes,
			active: true,
			staticData: clone(this.saved),
		});
	}

	setParameters(parameters: INodeParameters) {
		this.node.parameters = parameters;
		this.restart();
	}

	/** The static data of the running workflow (in memory). */
	get memory(): IDataObject {
		return clone(this.workflow.staticData);
	}

	/** One poll, as n8n runs it: returns the emitted items, or null, or the error n8n would report. */
	async poll(
		mode: WorkflowExecuteMode = 'trigger',
	): Promise<{ items: IDataObject[] | null; error?: Error & { httpCode?: string | null } }> {
		const workflow = this.workflow;
		const before = clone(workflow.staticData);
		const context = new PollContext(
			workflow,
			workflow.getNode(this.node.name)!,
			additionalDataFor(this.credentials),
			mode,
			'activate',
		);
		const nodeType = nodeTypes.getByNameAndVersion(TRIGGER_TYPE) as AssetWorkspaceTrigger;
		try {
			const result = await nodeType.poll.call(context);
			const items = result ? result[0].map((item) => item.json) : null;
			if (mode !== 'manual' && (items !== null || this.persistence === 'n8n2'))
				this.saved = clone(workflow.staticData);
			return { items };
		} catch (error) {
			if (this.persistence === 'n8n2') {
				for (const key of Object.keys(workflow.staticData)) delete workflow.staticData[key];
				Object.assign(workflow.staticData, before);
			}
			return { items: null, error: error as Error };
		}
	}
}
