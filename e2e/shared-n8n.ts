/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A suite's way into the shared n8n of a line and configuration (e2e/n8n-host.ts): under
 * `npm test` the runner's host, whose descriptor is in AW_N8N_HOSTS; a suite run alone starts a
 * private host, which ends with it. Attaching waits while another suite has its exclusive turn;
 * `exclusive` waits for a turn of its own (no other suite on n8n until `release`), in which the
 * suite may stop and start n8n's processes. What a suite then does on it: n8n-session.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { freshRequest } from '../test/harness/fresh-http';
import { until } from '../test/harness/until';
import { descriptorFile, type N8nConfig } from './n8n-configs';
import { privateHost } from './private-host';
import { N8nRest, type OWNER_ACCOUNT } from './rest';
import { selectedLine, type N8nLine } from './runtime-lines';

export interface HostDescriptor {
	line: N8nLine;
	config: N8nConfig;
	url: string;
	owner: typeof OWNER_ACCOUNT;
	/** The owner's session: suites use it rather than log in (n8n allows a few logins a minute). */
	cookie: string;
	control: string;
	/** Each process's output: `main`, and in queue mode `worker-1`, `worker-2`. */
	logs: Record<string, string>;
}

/** Far above the wait for other suites to finish with it (a suite's own limit is 45 minutes). */
const TURN_WITHIN_MS = 40 * 60_000;
const suite = () => process.env.AW_SUITE ?? `process ${process.pid}`;

export class SharedN8n {
	readonly rest: N8nRest;

	constructor(
		readonly descriptor: HostDescriptor,
		readonly file: string,
	) {
		this.rest = new N8nRest(descriptor.url);
		this.rest.cookie = descriptor.cookie;
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

	private async order(path: string, body: object = {}) {
		const res = await freshRequest(`${this.descriptor.control}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ pid: process.pid, suite: suite(), ...body }),
		});
		const answer = JSON.parse(res.text);
		if (!res.ok) throw new Error(`shared n8n ${path}: ${answer.error}`);
		return answer as { ok: boolean; waitingFor?: string };
	}

	/** Waits until it is let in (see the header); its requests are the owner's. */
	async attach(exclusive = false) {
		let waitingFor = '';
		await until(
			`${suite()} is let into the shared n8n ${this.line} ${this.descriptor.config}`,
			async () => {
				const answer = await this.order('/attach', { exclusive });
				if (!answer.ok && answer.waitingFor !== waitingFor)
					process.stderr.write(`[shared n8n] waiting for ${(waitingFor = answer.waitingFor!)}\n`);
				return answer.ok;
			},
			TURN_WITHIN_MS,
			{ context: () => `still waiting for ${waitingFor}` },
		);
	}

	/** Ends this suite's exclusive turn: other suites may attach. */
	async release() {
		await this.order('/release');
	}

	/** Leaves it (a process that has gone has left it too). */
	async detach() {
		await this.order('/detach');
	}

	/**
	 * In an exclusive turn: sends `signal` to a process and waits until it has exited, sending
	 * SIGKILL after `escalateAfterMs` (null: never).
	 */
	async stop(
		process = 'main',
		signal: NodeJS.Signals = 'SIGTERM',
		escalateAfterMs: number | null = 15_000,
	) {
		await this.order('/stop', { process, signal, escalateAfterMs });
	}

	/** In an exclusive turn: starts a process again and waits until it is ready. */
	async start(process = 'main') {
		await this.order('/start', { process });
	}
}

/**
 * Attaches this process to the shared n8n of `config` on `line` (AW_N8N_LINE by default), signed
 * in as its owner; with `exclusive`, once it is this suite's alone.
 */
export async function sharedN8n(
	config: N8nConfig = 'default',
	options: { line?: N8nLine; exclusive?: boolean } = {},
): Promise<SharedN8n> {
	const line = options.line ?? selectedLine();
	const hosts = process.env.AW_N8N_HOSTS;
	const file = hosts ? join(hosts, descriptorFile(line, config)) : await privateHost(line, config);
	if (!existsSync(file)) throw new Error(`no shared n8n ${line} ${config}: ${file} is missing`);
	return await attachTo(file, options.exclusive);
}

/** Attaches to the shared n8n a descriptor file names (`npm run workflow -- --n8n FILE`). */
export async function attachTo(file: string, exclusive = false): Promise<SharedN8n> {
	const n8n = new SharedN8n(JSON.parse(readFileSync(file, 'utf8')), file);
	await n8n.attach(exclusive);
	return n8n;
}
