/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n's CLI in an n8n's user folder: our package installed the way n8n installs a community
 * package (the packed tarball into <user folder>/.n8n/nodes), credentials and workflows imported,
 * workflows made active, and executed with `n8n execute`. The server itself: n8n.ts.
 */
import { spawn } from 'node:child_process';
import {
	closeSync,
	existsSync,
	mkdtempSync,
	openSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { installPackage, PACKAGE_NAME } from './install-package';
import { parseRawOutput, summarizeRun, type WorkflowRun } from './n8n-output';
import type { Runtime } from './runtime';

export { PACKAGE_NAME };

export const CREDENTIAL = {
	id: 'awSandboxCred01',
	name: 'Asset Workspace Sandbox',
	type: 'assetWorkspaceApi',
};

export abstract class N8nCli {
	constructor(
		readonly runtime: Runtime,
		readonly userFolder: string,
	) {}

	/** The environment n8n's processes run with. */
	protected abstract env(): Promise<NodeJS.ProcessEnv>;

	/**
	 * Runs an n8n CLI command without blocking this process (the sandbox may live in it). With
	 * `measureMemory`, GNU time reports the process's peak resident memory.
	 *
	 * stdout goes to a file, not a pipe: n8n exits right after printing a result, and on a pipe (where
	 * Node.js writes asynchronously) the end of a large result can be lost (seen with 10 MB of items).
	 */
	private async cli(
		args: string[],
		measureMemory = false,
	): Promise<{ code: number | null; stdout: string; stderr: string; peakKb?: number }> {
		const command = [this.runtime.node, this.runtime.n8n, ...args];
		// Peak memory needs GNU time; without it the figure is simply left out.
		if (measureMemory && existsSync('/usr/bin/time'))
			command.unshift('/usr/bin/time', '-f', '__PEAK_KB=%M');
		const stdoutFile = join(this.userFolder, `stdout-${process.hrtime.bigint()}.txt`);
		const env = await this.env();
		let stderr = '';
		const stdoutFd = openSync(stdoutFile, 'w');
		const child = spawn(command[0], command.slice(1), {
			cwd: this.userFolder,
			env,
			stdio: ['ignore', stdoutFd, 'pipe'],
		});
		closeSync(stdoutFd); // the child has its own copy
		child.stderr!.on('data', (chunk) => (stderr += chunk));
		const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
		const stdout = readFileSync(stdoutFile, 'utf8');
		rmSync(stdoutFile, { force: true });
		const peak = /__PEAK_KB=(\d+)/.exec(stderr)?.[1];
		return { code, stdout, stderr, peakKb: peak ? Number(peak) : undefined };
	}

	/** Installs the packed package as n8n installs a community package (install-package.ts). */
	installPackage(tarball: string) {
		installPackage(this.userFolder, tarball);
	}

	/** The Asset Workspace credential `awSandboxCred01`, or (with `credential`) another one. */
	async importCredential(
		data: Record<string, unknown>,
		credential: { id: string; name: string; type: string } = CREDENTIAL,
	) {
		const file = join(this.userFolder, 'credentials.json');
		writeFileSync(file, JSON.stringify([{ ...credential, data }]));
		const result = await this.cli(['import:credentials', `--input=${file}`]);
		rmSync(file, { force: true });
		if (result.code !== 0)
			throw new Error(`import:credentials failed: ${result.stderr || result.stdout}`);
	}

	/** Several workflows with one `import:workflow --separate` (n8n starts once instead of once each). */
	async importWorkflows(workflows: object[]) {
		const dir = mkdtempSync(join(this.userFolder, 'workflows-'));
		workflows.forEach((workflow, i) =>
			writeFileSync(join(dir, `${i}.json`), JSON.stringify(workflow)),
		);
		const result = await this.cli(['import:workflow', '--separate', `--input=${dir}`]);
		rmSync(dir, { recursive: true, force: true });
		if (result.code !== 0)
			throw new Error(`import:workflow failed: ${result.stderr || result.stdout}`);
	}

	async importWorkflow(workflow: object) {
		await this.importWorkflows([workflow]);
	}

	/** Makes a workflow active: `publish:workflow` on n8n 2.x, `update:workflow --active=true` on 1.x. */
	async publish(workflowId: string) {
		const args =
			this.runtime.line === 'n8n-1'
				? ['update:workflow', `--id=${workflowId}`, '--active=true']
				: ['publish:workflow', `--id=${workflowId}`];
		const result = await this.cli(args);
		if (result.code !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
	}

	/** `n8n execute --id=… --rawOutput`; a failed node makes n8n exit 1, which is still a result. */
	async execute(
		workflowId: string,
		options: { measureMemory?: boolean } = {},
	): Promise<WorkflowRun & { peakKb?: number }> {
		const result = await this.cli(
			['execute', `--id=${workflowId}`, '--rawOutput'],
			options.measureMemory,
		);
		try {
			return { ...summarizeRun(parseRawOutput(result.stdout)), peakKb: result.peakKb };
		} catch (error) {
			throw new Error(
				`n8n execute gave no result (exit ${result.code}): ${(error as Error).message}\n${result.stderr.slice(-3000)}`,
			);
		}
	}
}
