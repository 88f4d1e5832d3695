/* eslint-disable @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A suite's own part of a running n8n (most often the shared one: shared-n8n.ts): its sandbox, the
 * Asset Workspace credential pointing at it, and its workflows, each created with an id of its own
 * and with the session's credentials in place of the ones its file names, so that suites side by
 * side on one n8n never touch each other's. `close` makes its workflows inactive again and stops
 * its sandbox (and an n8n of its own). Everything goes through n8n's REST API (rest-workflows.ts).
 */
import { randomBytes } from 'node:crypto';

import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { OWNER } from '../test/harness/http';
import { CREDENTIAL } from './n8n-cli';
import type { WorkflowRun } from './n8n-output';
import type { N8nRest } from './rest';
import {
	createCredential,
	createWorkflow,
	runByHand,
	setActive,
	setErrorWorkflow,
	type CredentialRef,
} from './rest-workflows';
import type { N8nConfig } from './n8n-hosted';
import type { N8nLine } from './runtime';
import { OwnN8n, sharedN8n, startN8n, type SharedN8n } from './shared-n8n';

/** A running n8n a session can use: where it is, signed in as its owner, and what it printed. */
export interface RunningN8n {
	line: N8nLine;
	url: string;
	rest: N8nRest;
	output(process?: string): string;
}

export interface SessionOptions {
	/** The sandbox's options (a sandbox of the session's own, unless `baseUrl` is given). */
	sandbox?: SandboxOptions;
	/** A real workspace instead of a sandbox. */
	baseUrl?: string;
	apiKey?: string;
}

export class N8nSession {
	/** The session's credentials by type; a workflow's reference to one of these types is to them. */
	readonly credentials = new Map<string, CredentialRef>();
	private readonly active = new Set<string>();

	private constructor(
		readonly n8n: RunningN8n,
		readonly sandbox: Sandbox | undefined,
		readonly baseUrl: string,
	) {}

	/** A sandbox (unless `baseUrl`), and the Asset Workspace credential pointing at it. */
	static async open(n8n: RunningN8n, options: SessionOptions = {}): Promise<N8nSession> {
		const sandbox = options.baseUrl
			? undefined
			: await startSandbox({ jobStepMs: 500, ...options.sandbox });
		const session = new N8nSession(n8n, sandbox, options.baseUrl ?? sandbox!.url);
		await session.addCredential(CREDENTIAL.type, CREDENTIAL.name, {
			baseUrl: session.baseUrl,
			apiKey: options.apiKey ?? OWNER,
		});
		return session;
	}

	get rest(): N8nRest {
		return this.n8n.rest;
	}

	/** The Asset Workspace credential. */
	get credential(): CredentialRef {
		return this.credentials.get(CREDENTIAL.type)!;
	}

	/** Another credential (an OpenAI key for the AI Agent, say), which workflows then use. */
	async addCredential(type: string, name: string, data: Record<string, unknown>) {
		const credential = await createCredential(this.rest, { name, type, data });
		this.credentials.set(type, credential);
		return credential;
	}

	/** Creates a copy of `workflow` with an id of its own and the session's credentials. */
	async createWorkflow(workflow: { nodes: any[] } & Record<string, unknown>) {
		const copy = structuredClone(workflow);
		copy.id = `aw${randomBytes(7).toString('hex')}`;
		for (const node of copy.nodes)
			for (const type of Object.keys(node.credentials ?? {})) {
				const credential = this.credentials.get(type);
				if (credential) node.credentials[type] = { id: credential.id, name: credential.name };
			}
		return await createWorkflow(this.rest, copy);
	}

	/** Makes a workflow active (published, on n8n 2.x): its triggers poll from now on. */
	async activate(workflowId: string) {
		await setActive(this.rest, workflowId, true);
		this.active.add(workflowId);
	}

	async deactivate(workflowId: string) {
		await setActive(this.rest, workflowId, false);
		this.active.delete(workflowId);
	}

	/** Runs a workflow by hand (its Manual Trigger), as the editor does, and returns the run. */
	async run(workflowId: string): Promise<WorkflowRun> {
		return await runByHand(this.rest, workflowId);
	}

	/** Gives a workflow an Error Workflow; set it before activating the workflow. */
	async setErrorWorkflow(workflowId: string, errorWorkflowId: string) {
		await setErrorWorkflow(this.rest, workflowId, errorWorkflowId);
	}

	/** A workflow's executions, newest first: id, status, mode, startedAt, stoppedAt. */
	async executions(workflowId: string): Promise<any[]> {
		return await this.rest.executions(workflowId);
	}

	/**
	 * Makes its workflows inactive (their triggers would poll a sandbox that is gone) and stops its
	 * sandbox, and an n8n of its own.
	 */
	async close() {
		if (this.n8n instanceof OwnN8n) await this.n8n.close();
		else for (const workflowId of this.active) await this.deactivate(workflowId).catch(() => {});
		await this.sandbox?.close();
	}

	/** A session on the shared n8n of this suite's line (shared-n8n.ts). */
	static async shared(
		options: SessionOptions & { line?: N8nLine } = {},
	): Promise<N8nSession & { n8n: SharedN8n }> {
		return (await N8nSession.open(sharedN8n(options), options)) as N8nSession & { n8n: SharedN8n };
	}

	/** A session on an n8n of its own, of `config`, which it stops when it closes. */
	static async own(
		config: N8nConfig,
		options: SessionOptions & { line?: N8nLine; env?: Record<string, string> } = {},
	): Promise<N8nSession & { n8n: OwnN8n }> {
		const n8n = await startN8n(config, options);
		try {
			return (await N8nSession.open(n8n, options)) as N8nSession & { n8n: OwnN8n };
		} catch (error) {
			await n8n.close();
			throw error;
		}
	}
}
