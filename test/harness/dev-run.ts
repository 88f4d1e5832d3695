/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * `npm run dev` as a person runs it, in a copy of the working tree (so a test can change files
 * under nodes/ without touching the real ones, and its user folder tmp/dev is temporary): started
 * in a process group of its own (as a terminal runs it), stopped with SIGINT to that group (as
 * Ctrl-C does), and, whatever happened, every process it left behind ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { dieWithThisProcess } from '../../e2e/processes';
import { killAll, processesMentioning, processTree } from './processes';
import { ROOT } from './scripts';

/** Not copied: installed or generated (node_modules and the n8n runtime are linked instead). */
const SKIP = /^(\.git|node_modules|dist|tmp|coverage|e2e\/runtimes\/[^/]+\/node_modules)$/;

export class DevRun {
	readonly tree = mkdtempSync(join(tmpdir(), 'aw-dev-tree-'));
	stdout = '';
	stderr = '';
	private child?: ChildProcess;
	/** How npm ended: its exit code, or the signal that ended it (npm ends itself with the SIGINT it got). */
	exit?: Promise<number | string | null>;

	/** The working tree (its files, not node_modules or the n8n runtime: those are linked). */
	copyTree() {
		cpSync(ROOT, this.tree, {
			recursive: true,
			filter: (src) => !SKIP.test(relative(ROOT, src)),
		});
		symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(this.tree, 'node_modules'));
		const runtime = join('e2e', 'runtimes', 'n8n-2', 'node_modules');
		symlinkSync(realpathSync(join(ROOT, runtime)), join(this.tree, runtime));
	}

	/** `npm run dev -- <args>` in the copy; what it prints is collected afresh. */
	start(args: string[]) {
		this.stdout = '';
		this.stderr = '';
		const child = spawn('npm', ['run', 'dev', '--', ...args], {
			cwd: this.tree,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		this.child = child;
		// Killed with its process group if this test process dies first (Ctrl-C on npm test).
		const guard = dieWithThisProcess(child.pid!, { group: true });
		child.on('exit', () => guard.release());
		child.stdout!.on('data', (chunk) => (this.stdout += chunk));
		child.stderr!.on('data', (chunk) => (this.stderr += chunk));
		this.exit = new Promise((resolve) =>
			child.on('exit', (code, signal) => resolve(code ?? signal)),
		);
	}

	get pid() {
		return this.child!.pid!;
	}

	/** npm is still running (once it has ended, its pid may be another program's). */
	private get running() {
		return this.child?.exitCode === null && this.child.signalCode === null;
	}

	/** Resolves once `text` is in what it printed (stdout or stderr); fails after `timeoutMs`. */
	async printed(text: string, timeoutMs: number) {
		await this.until(
			`it prints "${text}"`,
			() => (this.stdout + this.stderr).includes(text),
			timeoutMs,
		);
	}

	/** Resolves once `check()` holds; fails when npm run dev exits first, or after `timeoutMs`. */
	async until(what: string, check: () => boolean, timeoutMs: number) {
		const deadline = Date.now() + timeoutMs;
		while (!check()) {
			if (!this.running) throw new Error(`npm run dev ended before: ${what}\n${this.output()}`);
			if (Date.now() > deadline)
				throw new Error(`not within ${timeoutMs} ms: ${what}\n${this.output()}`);
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}

	output() {
		return `stdout:\n${this.stdout.slice(-3000)}\nstderr:\n${this.stderr.slice(-3000)}`;
	}

	/** Its processes now: npm's tree, and any process whose command line or environment names the copy. */
	processes(): number[] {
		const tree = this.running ? processTree(this.pid) : [];
		return [...new Set([...tree, ...processesMentioning(this.tree)])];
	}

	/** Ctrl-C: SIGINT to its process group. */
	interrupt() {
		process.kill(-this.pid, 'SIGINT');
	}

	/** Ends whatever is left (SIGKILL) and removes the copy. */
	dispose() {
		killAll(this.processes());
		rmSync(this.tree, { recursive: true, force: true });
	}
}
