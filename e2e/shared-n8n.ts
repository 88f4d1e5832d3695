/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The n8n the end-to-end suites run on. Each e2e project of jest.config.js starts one n8n of its
 * line in its globalSetup (jest-shared-n8n.ts) and every suite of the project shares it, as n8n's
 * own Playwright suite shares one n8n per worker: a suite attaches through the descriptor file
 * the environment variable `AW_SHARED_<line>` names, and keeps to its own sandbox, credential and
 * workflows (n8n-session.ts). A suite that stops and starts n8n's processes (a restart, a killed
 * worker) or needs another configuration starts an n8n of its own (`startN8n`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HostedN8n, type N8nConfig } from './n8n-hosted';
import { buildAndPack } from './install-package';
import { N8nRest, OWNER_ACCOUNT } from './rest';
import { selectedLine, type N8nLine } from './runtime';

export interface HostDescriptor {
	line: N8nLine;
	config: N8nConfig;
	url: string;
	/** The owner's session: suites use it rather than log in (n8n allows a few logins a minute). */
	cookie: string;
	/** Each process's output: `main`, and in queue mode `worker-1`, `worker-2`. */
	logs: Record<string, string>;
}

/** An n8n that is running, signed in as its owner, described by a file (`npm run workflow -- --n8n FILE`). */
export class SharedN8n {
	readonly rest: N8nRest;
	readonly descriptor: HostDescriptor;

	constructor(readonly file: string) {
		this.descriptor = JSON.parse(readFileSync(file, 'utf8'));
		this.rest = new N8nRest(this.descriptor.url);
		this.rest.cookie = this.descriptor.cookie;
	}

	get line() {
		return this.descriptor.line;
	}

	get url() {
		return this.descriptor.url;
	}

	/** What a process (`main`, `worker-1`...) has printed so far. */
	output(process = 'main'): string {
		const log = this.descriptor.logs[process];
		return log && existsSync(log) ? readFileSync(log, 'utf8') : '';
	}
}

/** An n8n of this process's own: its processes can be stopped and started again. */
export class OwnN8n extends SharedN8n {
	constructor(
		file: string,
		private readonly hosted: HostedN8n,
	) {
		super(file);
	}

	/** Sends `signal` to a process and waits until it has exited, SIGKILL after `escalateAfterMs` (null: never). */
	async stop(
		process = 'main',
		signal: NodeJS.Signals = 'SIGTERM',
		escalateAfterMs: number | null = 15_000,
	) {
		await this.hosted.stopProcess(process, signal, escalateAfterMs ?? undefined);
	}

	/** Starts a process again and waits until it is ready. */
	async start(process = 'main') {
		await this.hosted.startProcess(process);
	}

	/** Where a process keeps n8n's community packages: <its user folder>/.n8n/nodes. */
	nodesFolder(process = 'main') {
		return join(this.hosted.folder, process, '.n8n', 'nodes');
	}

	/** In queue mode, how many queued jobs a worker holds now. */
	async activeJobs(): Promise<number> {
		return await this.hosted.services!.activeJobs();
	}

	async close() {
		await this.hosted.close();
		rmSync(this.hosted.folder, { recursive: true, force: true });
	}
}

/** Starts an n8n of `config` on `line` with the packed package, its owner signed in. */
export async function startN8n(
	config: N8nConfig,
	options: { line?: N8nLine; editor?: boolean; env?: Record<string, string> } = {},
): Promise<OwnN8n> {
	const line = options.line ?? selectedLine();
	const folder = mkdtempSync(join(tmpdir(), `aw-n8n-${line}-${config}-`));
	const hosted = new HostedN8n(line, config, folder, buildAndPack(), options.editor, options.env);
	try {
		await hosted.start();
		const rest = new N8nRest(hosted.url);
		await rest.signIn(OWNER_ACCOUNT);
		const descriptor: HostDescriptor = {
			line,
			config,
			url: hosted.url,
			cookie: rest.cookie,
			logs: Object.fromEntries(hosted.logs),
		};
		writeFileSync(join(folder, 'n8n.json'), JSON.stringify(descriptor, null, '\t'));
		return new OwnN8n(join(folder, 'n8n.json'), hosted);
	} catch (error) {
		await hosted.close();
		throw error;
	}
}

/** The variable naming the descriptor of `line`'s shared n8n (set by jest-shared-n8n.ts). */
export const sharedVariable = (line: N8nLine) => `AW_SHARED_${line}`;

/** The shared n8n of `line` (this suite's line by default). */
export function sharedN8n(options: { line?: N8nLine } = {}): SharedN8n {
	const line = options.line ?? selectedLine();
	const file = process.env[sharedVariable(line)];
	if (!file || !existsSync(file))
		throw new Error(`no shared n8n ${line}: run the suite through jest's "e2e ${line}" project`);
	return new SharedN8n(file);
}
