/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Runs our nodes in n8n's real execution engine: n8n-core's WorkflowExecute with
 * n8n-workflow's Workflow, parameter resolution and expressions, the way n8n tests its own
 * nodes (packages/core/nodes-testing). What is hand-written here is only what the n8n server
 * would provide: the node-type registry and a credentials store that applies a credential's
 * `authenticate` block as n8n's CredentialsHelper does.
 */
import {
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IExecuteFunctions,
	type IRun,
	type IRunExecutionData,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { AssetWorkspaceApi } from '../../credentials/AssetWorkspaceApi.credentials';
import { AssetWorkspace } from '../../nodes/AssetWorkspace/AssetWorkspace.node.ts';
import { DEFAULT_TRANSPORT_SETTINGS, type TransportSettings } from '../../nodes/shared/transport';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../nodes/shared/transport/retry';
import type { Chance } from '../../nodes/shared/transport/time';
import { useThePatientRegexEngine } from './regex';

useThePatientRegexEngine();

/**
 * The transport settings the tests run with: the real policy (what is retried, how often, the
 * time limits), with short backoffs so that fault tests stay quick.
 */
export const TEST_TRANSPORT: TransportSettings = {
	...DEFAULT_TRANSPORT_SETTINGS,
	retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 },
};

/** TEST_TRANSPORT with some retry settings changed, and on `clock` (a TestClock) when given. */
export const testTransport = (
	retry: Partial<RetryPolicy> = {},
	clock: Chance = TEST_TRANSPORT.chance,
): TransportSettings => ({
	...TEST_TRANSPORT,
	retry: { ...TEST_TRANSPORT.retry, ...retry },
	chance: clock,
});

export const PACKAGE = 'n8n-nodes-asset-workspace';
export const NODE_TYPE = `${PACKAGE}.assetWorkspace`;
export const CREDENTIAL_TYPE = 'assetWorkspaceApi';

const nodeClasses: Record<string, INodeType> = {
	[NODE_TYPE]: new AssetWorkspace(TEST_TRANSPORT),
};
const credentialClasses: Record<string, ICredentialType> = {
	[CREDENTIAL_TYPE]: new AssetWorkspaceApi(),
};

export function registerNodeType(type: string, node: INodeType) {
	nodeClasses[type] = node;
}

export const nodeTypes: INodeTypes = {
	getByName: (type) => nodeClasses[type],
	getByNameAndVersion: (type) => nodeClasses[type],
	getKnownTypes: () => ({}),
};

/** Applies credentials like n8n's CredentialsHelper: generic `authenticate` blocks are resolved as expressions. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes() {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = credentialClasses[typeName];
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate?.type === 'generic') {
			const resolve = (value: string) =>
				String(
					workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					) ?? '',
				);
			for (const [target, entries] of Object.entries(authenticate.properties)) {
				const bag = ((requestOptions as unknown as Record<string, IDataObject>)[target] ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, string>))
					bag[resolve(key)] = resolve(value);
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these nodes');
	}

	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type: string) {
		return this.data[type] ?? {};
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	isCredentialUsableByNode() {
		return true;
	}

	getCredentialsProperties(type: string) {
		return credentialClasses[type].properties;
	}
}

export interface SandboxCredentials {
	baseUrl: string;
	apiKey: string;
	/** The credential's "Allow Plain HTTP to Any Host". */
	allowHttp?: boolean;
}

export function additionalDataFor(
	credentials: SandboxCredentials,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper({ [CREDENTIAL_TYPE]: { ...credentials } }),
		hooks,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used');
		},
		getRunExecutionData: async () => undefined,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		currentNodeParameters: undefined,
		executionTimeoutTimestamp: undefined,
		userId: 'test-user',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('code tasks are not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

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
	const { now } = (settings ?? TEST_TRANSPORT).chance;
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

function workflowWith(node: INode, types: INodeTypes = nodeTypes) {
	return new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes: [node],
		connections: {},
		nodeTypes: types,
		active: false,
	});
}

function nodeWith(
	parameters: INodeParameters,
	type = NODE_TYPE,
	typeVersion = nodeClasses[NODE_TYPE].description.defaultVersion ?? 1,
): INode {
	return {
		id: 'node-under-test',
		name: 'Asset Workspace',
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { [CREDENTIAL_TYPE]: { id: 'awSandboxCred01', name: 'Asset Workspace Sandbox' } },
	};
}

/** Runs a `methods.listSearch` function of the node through n8n-core's LoadOptionsContext. */
export async function listSearch(
	method: string,
	options: {
		credentials: SandboxCredentials;
		parameters?: INodeParameters;
		filter?: string;
		paginationToken?: string;
	},
) {
	const node = nodeWith(options.parameters ?? {});
	// As n8n's dynamic-parameters service does: the editor sends the node's current parameters along.
	const additionalData = {
		...additionalDataFor(options.credentials),
		currentNodeParameters: options.parameters ?? {},
	};
	const context = new LoadOptionsContext(workflowWith(node), node, additionalData, '');
	const search = (nodeClasses[NODE_TYPE].methods?.listSearch ?? {})[method];
	return await search.call(context, options.filter, options.paginationToken);
}

/** lodash's `get` as n8n's CredentialsTester calls it, for the dotted keys of our rules. */
const valueAt = (value: unknown, key: string) =>
	key
		.split('.')
		.reduce<unknown>(
			(at, part) =>
				at === null || at === undefined ? undefined : (at as Record<string, unknown>)[part],
			value,
		);

/**
 * Tests a credential the way n8n's CredentialsTester does for a credential with a `test`
 * request: the request runs as the routing of a temporary node through n8n-core's RoutingNode,
 * then the test's rules map the status to a message (`responseCode`), or, when the request
 * succeeded, the first output item's JSON to one (`responseSuccessBody`: the key's value equal
 * to the rule's), as n8n 2.41's and 1.123's credentials-tester.service do.
 */
export async function testCredential(
	data: SandboxCredentials,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const credential = credentialClasses[CREDENTIAL_TYPE];
	const test = credential.test!;
	const tempType = 'n8n-nodes-asset-workspace.credentialTest';
	const base = nodeClasses[NODE_TYPE].description;
	const nodeType: INodeType = {
		description: {
			...base,
			name: tempType,
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: test.request },
					default: '',
				},
			],
		},
	};
	registerNodeType(tempType, nodeType);
	const node = nodeWith({}, tempType);
	const workflow = workflowWith(node);
	const additionalData = additionalDataFor(data);
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		{ resultData: { runData: {} } } as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routing = new RoutingNode(context, nodeType, {
		id: 'awSandboxCred01',
		name: 'Asset Workspace Sandbox',
		type: CREDENTIAL_TYPE,
		data: { ...data },
	});
	try {
		const response = await routing.runNode();
		for (const rule of test.rules ?? []) {
			if (rule.type !== 'responseSuccessBody') continue;
			const body = response?.[0][0].json;
			if (valueAt(body, rule.properties.key) === rule.properties.value)
				return { status: 'Error', message: rule.properties.message };
		}
		return { status: 'OK', message: 'Connection successful!' };
	} catch (error) {
		const cause = (
			error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
		).cause;
		if (cause?.response) {
			const rule = test.rules?.find(
				(r) => r.type === 'responseCode' && r.properties.value === cause.response!.status,
			);
			if (rule && rule.type === 'responseCode')
				return { status: 'Error', message: rule.properties.message };
			return {
				status: 'Error',
				message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}`,
			};
		}
		if (cause?.code) return { status: 'Error', message: cause.code };
		return { status: 'Error', message: String((error as Error).message) };
	}
}
