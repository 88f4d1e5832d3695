/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * n8n's start-ups, one at a time per core across the suites of one `npm test` run. Each n8n
 * command (an import, a publish, an execute) and each `n8n start` until it is ready loads all of
 * n8n first: 5 to 10 s of CPU. Twenty of them at once on two cores took each past its own
 * deadlines (a 120 s readiness wait, n8n's own database ping); in turn, each takes seconds.
 *
 * A slot is an abstract Unix socket (Linux) named after the run (AW_TEST_RUN, which the runner
 * sets) and the slot's number: only one process can hold it, and the kernel frees it when that
 * process exits, however it exits. AW_N8N_START_SLOTS sets how many (default: the number of
 * cores). Slot 0 is kept for the suites that wait for n8n's minute ticks (AW_WAITS_FOR_TICKS,
 * set by the runner), so their ticks start early; the others fill in. Outside a run (a suite,
 * the demo or the bench on its own), and where abstract sockets do not exist (macOS), starts
 * are not limited.
 */
import { createServer, type Server } from 'node:net';
import { availableParallelism } from 'node:os';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hold(name: string): Promise<Server | undefined> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', (error: NodeJS.ErrnoException) =>
			error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
		);
		server.listen(`\0${name}`, () => resolve(server.unref()));
	});
}

/**
 * The slots a process may take, `first` to `slots - 1`: AW_N8N_START_SLOTS of them (default: one
 * per core), slot 0 only for a suite that waits for ticks (AW_WAITS_FOR_TICKS) unless there is
 * only one.
 */
export function slotsOf(env: NodeJS.ProcessEnv, cores: number): { first: number; slots: number } {
	const slots = Number(env.AW_N8N_START_SLOTS) || cores;
	return { first: env.AW_WAITS_FOR_TICKS ? 0 : Math.min(1, slots - 1), slots };
}

/** Runs `start` once a start slot is free, and frees the slot when it has ended. */
export async function inStartSlot<T>(start: () => Promise<T>): Promise<T> {
	const run = process.env.AW_TEST_RUN;
	if (!run || process.platform !== 'linux') return await start();
	const { first, slots } = slotsOf(process.env, availableParallelism());
	for (;;) {
		for (let slot = first; slot < slots; slot++) {
			const server = await hold(`n8n-nodes-asset-workspace-start-${run}-${slot}`);
			if (!server) continue;
			try {
				return await start();
			} finally {
				server.close();
			}
		}
		await sleep(200 + Math.random() * 300);
	}
}
