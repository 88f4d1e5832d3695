/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * A shared n8n: one configuration (n8n-configs.ts) on one line, started once for every suite that
 * uses it, as n8n's own Playwright suite shares one n8n per worker. `npm test` runs one host per
 * line and configuration its suites name, as a step of its own (its CPU is n8n's), and stops it
 * once they have ended; a suite run alone starts a private one (shared-n8n.ts).
 *
 *   node --import tsx e2e/n8n-host.ts --line n8n-2 --config default --descriptor FILE
 *     [--first SUITE,...] [--ended-dir DIR] [--watch-pid PID]
 *
 * It starts n8n's processes (n8n-hosted.ts) with our package installed, creates the owner, and
 * writes FILE (JSON: the line, configuration, n8n's URL, the owner account, the control's URL and
 * each process's log), which says it is ready; suites attach and take exclusive turns through its
 * control (n8n-host-control.ts); `--first` names the suites that restart n8n, which go first, and
 * `--ended-dir` where the runner notes each suite that has ended. It stops everything on SIGTERM
 * or SIGINT, or once the process `--watch-pid` has gone.
 */
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { checkConfig, endedNote } from './n8n-configs';
import { serveControl } from './n8n-host-control';
import { HostState } from './n8n-host-state';
import { HostedN8n } from './n8n-hosted';
import { buildAndPack } from './pack';
import { OWNER_ACCOUNT, N8nRest } from './rest';
import { checkLine } from './runtime-lines';

const started = Date.now();
const log = (line: string) =>
	process.stderr.write(`[n8n host ${Math.round((Date.now() - started) / 1000)} s] ${line}\n`);

const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
};

async function main() {
	const { values } = parseArgs({
		options: {
			line: { type: 'string', default: 'n8n-2' },
			config: { type: 'string', default: 'default' },
			descriptor: { type: 'string' },
			first: { type: 'string', default: '' },
			'ended-dir': { type: 'string' },
			'watch-pid': { type: 'string' },
		},
	});
	const line = checkLine(values.line, '--line');
	const config = checkConfig(values.config, line, '--config');
	if (!values.descriptor) throw new Error('--descriptor FILE is needed');
	const endedDir = values['ended-dir'];
	const folder = mkdtempSync(join(tmpdir(), `aw-n8n-${line}-${config}-`));
	const hosted = new HostedN8n(line, config, folder, buildAndPack(log));
	const running: { control?: Awaited<ReturnType<typeof serveControl>> } = {};
	let stopping = false;
	const stop = async (why: string) => {
		if (stopping) return;
		stopping = true;
		log(`stopping (${why})`);
		try {
			await running.control?.close();
			await hosted.close();
		} catch (error) {
			log(`failed to stop: ${(error as Error).stack ?? error}`);
			process.exit(1);
		}
		log('stopped');
		rmSync(folder, { recursive: true, force: true });
		rmSync(values.descriptor!, { force: true });
		process.exit(0);
	};
	for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
	const watched = Number(values['watch-pid']);
	if (watched) setInterval(() => alive(watched) || void stop('its suite is gone'), 1000);

	log(`starting ${line} ${config} in ${folder}`);
	await hosted.start();
	const rest = new N8nRest(hosted.url);
	await rest.signIn(OWNER_ACCOUNT);
	const first = values.first.split(',').filter(Boolean);
	const ended = (suite: string) => !!endedDir && existsSync(endedNote(endedDir, suite));
	const control = await serveControl(hosted, new HostState(first, alive, ended), log);
	running.control = control;
	const descriptor = {
		line,
		config,
		url: hosted.url,
		owner: OWNER_ACCOUNT,
		cookie: rest.cookie,
		control: control.url,
		logs: Object.fromEntries(hosted.logs),
	};
	const partial = `${values.descriptor}.${process.pid}`;
	writeFileSync(partial, `${JSON.stringify(descriptor, null, '\t')}\n`);
	renameSync(partial, values.descriptor); // whole, or not there
	log(`ready at ${hosted.url}${first.length ? `; first: ${first.join(', ')}` : ''}`);
}

if (require.main === module)
	main().catch((error: unknown) => {
		log(`failed: ${(error as Error).stack ?? error}`);
		process.exit(1);
	});
