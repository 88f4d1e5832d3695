/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A server the end-to-end runs start (n8n, an n8n worker): in a process group of its own, so that
 * it and its children (n8n's task runner) stop together, killed with the test's process however
 * that ends (e2e/processes.ts), ready once a URL answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import { freshRequest } from '../test/harness/fresh-http';
import { dieWithThisProcess, type Guard } from './processes';

export class ServerProcess {
	private readonly child: ChildProcess;
	private readonly guard: Guard;
	private text = '';

	constructor(
		command: string,
		args: string[],
		options: { cwd: string; env: NodeJS.ProcessEnv; onOutput?: (text: string) => void },
	) {
		this.child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env,
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		this.guard = dieWithThisProcess(this.child.pid!, { group: true });
		const output = (chunk: Buffer) => {
			this.text += chunk;
			options.onOutput?.(chunk.toString());
		};
		this.child.stdout?.on('data', output);
		this.child.stderr?.on('data', output);
	}

	/** Its process id, also its process group's, while it runs. */
	get pid(): number | undefined {
		return this.child.exitCode === null ? this.child.pid : undefined;
	}

	/** Waits until `url` answers 2xx; fails if the process exits first or `timeoutMs` passes. */
	async ready(url: string, timeoutMs: number, name: string) {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.child.exitCode !== null)
				throw new Error(`${name} exited (${this.child.exitCode}):\n${this.text.slice(-3000)}`);
			try {
				const res = await freshRequest(url, { signal: AbortSignal.timeout(5000) });
				if (res.ok) return;
			} catch {
				// not up yet
			}
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		throw new Error(
			`${name} was not ready (${url}) within ${timeoutMs} ms:\n${this.text.slice(-3000)}`,
		);
	}

	/**
	 * Sends `signal` to its process group and waits until it has exited; with `escalateAfterMs`,
	 * sends SIGKILL if it is still running by then. What is left of the group goes too.
	 */
	async kill(signal: NodeJS.Signals, escalateAfterMs?: number) {
		const send = (sig: NodeJS.Signals) => {
			try {
				process.kill(-this.child.pid!, sig);
			} catch {
				// already gone
			}
		};
		if (this.child.exitCode === null && this.child.signalCode === null) {
			const exited = new Promise((resolve) => this.child.once('exit', resolve));
			send(signal);
			const timer =
				escalateAfterMs === undefined
					? undefined
					: setTimeout(() => send('SIGKILL'), escalateAfterMs);
			await exited;
			clearTimeout(timer);
		}
		send('SIGKILL'); // what is left of its group (a task runner that outlived it)
		this.guard.release();
	}
}
