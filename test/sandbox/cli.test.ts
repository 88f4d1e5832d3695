/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/** `npm run sandbox`: prints the base URL and keys, answers, and stops cleanly on SIGINT/SIGTERM. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { networkAddresses } from '../../sandbox/addresses';
import { freshRequest } from '../harness/fresh-http';
import { sleep } from '../harness/http';

const root = join(__dirname, '..', '..');

/**
 * The CLI in Node.js with tsx's loader (what `npm run sandbox` runs, without the `tsx` binary's
 * parent process: that one relays a signal to its child and kills the child outright when the
 * child does not confirm it within 30 ms, which a busy machine can miss).
 */
function startCli(args: string[]) {
	const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', ...args], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	const url = new Promise<string>((resolve, reject) => {
		child.stdout.on('data', () => {
			const match = /listening on (http:\/\/\S+)/.exec(stdout);
			if (match) resolve(match[1]);
		});
		child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
	});
	return { child, url, exited, output: () => ({ stdout, stderr }) };
}

test.each(['SIGINT', 'SIGTERM'] as const)(
	'starts, prints the base URL and keys, answers, stops on %s',
	async (signal) => {
		const cli = startCli(['--port', '0', '--assets', '30']);
		const url = await cli.url;
		const res = await freshRequest(`${url}/api/public/v1/assets?limit=1`, {
			headers: { authorization: 'Bearer aw_sandbox_owner' },
		});
		expect(res.status).toBe(200);
		expect(cli.output().stdout).toContain('aw_sandbox_owner');
		expect(cli.output().stdout).toContain('aw_sandbox_viewer');
		cli.child.kill(signal);
		expect(await cli.exited).toBe(0);
		expect(cli.output().stdout).toContain(`stopped (${signal})`);
	},
);

test('rejects a bad argument with a clear message and exit status 2', async () => {
	const cli = startCli(['--job-step-ms', 'fast']);
	await expect(cli.url).rejects.toThrow();
	expect(await cli.exited).toBe(2);
	expect(cli.output().stderr).toContain("--job-step-ms must be an integer >= 1, got 'fast'");
});

test('--host 0.0.0.0 prints where this machine, other machines and n8n in Docker reach it', async () => {
	const cli = startCli(['--port', '0', '--host', '0.0.0.0']);
	try {
		const url = await cli.url;
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const port = new URL(url).port;
		while (!cli.output().stdout.includes('Press Ctrl-C')) await sleep(20);
		const { stdout } = cli.output();
		expect(stdout).toContain('every interface, 0.0.0.0');
		expect(stdout).toMatch(
			new RegExp(`From n8n in Docker: +http://host\\.docker\\.internal:${port} `),
		);
		expect(stdout).toContain('--add-host=host.docker.internal:host-gateway');
		expect(stdout).toContain('"Allow Plain HTTP to Any Host"');
		for (const ip of networkAddresses()) expect(stdout).toContain(`http://${ip}:${port}`);
	} finally {
		cli.child.kill('SIGINT');
	}
	expect(await cli.exited).toBe(0);
});
