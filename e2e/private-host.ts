/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A shared n8n of a suite's own, for a suite run alone (outside `npm test`, which runs the hosts):
 * e2e/n8n-host.ts started once per process and configuration, its output in a temporary folder,
 * stopped when this process goes, however it goes (`--watch-pid`, and a watchdog).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { until } from '../test/harness/until';
import { descriptorFile, type N8nConfig } from './n8n-configs';
import { dieWithThisProcess } from './processes';
import type { N8nLine } from './runtime-lines';

const TSX = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
const privateHosts = new Map<string, Promise<string>>();

/** The descriptor file of this process's private host of `config` on `line`, once it is ready. */
export function privateHost(line: N8nLine, config: N8nConfig): Promise<string> {
	const key = `${line}-${config}`;
	const known = privateHosts.get(key);
	if (known) return known;
	const dir = mkdtempSync(join(tmpdir(), 'aw-n8n-host-'));
	const file = join(dir, descriptorFile(line, config));
	const log = openSync(join(dir, 'host.log'), 'w');
	const args = ['--line', line, '--config', config, '--descriptor', file];
	const host = spawn(
		TSX,
		[join(__dirname, 'n8n-host.ts'), ...args, '--watch-pid', `${process.pid}`],
		{
			detached: true,
			stdio: ['ignore', log, log],
		},
	);
	closeSync(log);
	host.unref(); // it ends with this process, however this one ends
	dieWithThisProcess(host.pid!, { group: true });
	process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
	const ready = until(
		`a private n8n ${line} ${config} is ready`,
		() => {
			if (host.exitCode !== null) throw new Error(readFileSync(join(dir, 'host.log'), 'utf8'));
			return existsSync(file) && file;
		},
		30 * 60_000, // its first run may build the package and install the runtime
	);
	privateHosts.set(key, ready);
	return ready;
}
