/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The limits a step of `npm test` keeps without the runner: the command runs under coreutils'
 * `timeout`, which stops the step's whole process group when its time is up or the runner stops
 * it (SIGTERM, SIGKILL 10 s later, a minute for a shared n8n), and util-linux's `setpriv --pdeathsig` has the kernel tell `timeout` when the
 * runner dies, however it dies (a SIGKILL runs no handler), so a runner's steps end with it.
 * Where either tool is missing (macOS), a step runs without it.
 */
import { spawnSync } from 'node:child_process';

const onPath = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const TOOLS = { setpriv: onPath('setpriv'), timeout: onPath('timeout') };

/**
 * The command line that runs `script` within its limits (see the header); after a SIGTERM, its
 * group has `graceS` seconds to end before SIGKILL (a shared n8n stops its processes in them).
 */
export function limited(
	script: string,
	timeoutMs: number | undefined,
	tools: { setpriv: boolean; timeout: boolean } = TOOLS,
	graceS = 10,
): string[] {
	return [
		...(tools.setpriv ? ['setpriv', '--pdeathsig', 'TERM'] : []),
		// Also without a limit (0 s): `timeout` passes the runner's death on to the whole group.
		...(tools.timeout ? ['timeout', `--kill-after=${graceS}s`, `${(timeoutMs ?? 0) / 1000}s`] : []),
		'bash',
		'-c',
		script,
	];
}
