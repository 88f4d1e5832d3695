/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Nothing a run started outlives it. Every process `npm test` starts, and everything those
 * start (n8n and its task runner, Redis, PostgreSQL, Chromium, watchdogs), inherits
 * AW_TEST_RUN=<this run's id>; at the end, and on Ctrl-C, whatever still carries it is found
 * in /proc and killed. Linux only (elsewhere /proc is missing and nothing is found).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export interface Leftover {
	pid: number;
	command: string;
}

/** The processes whose environment holds AW_TEST_RUN=`runId`. */
export function processesOf(runId: string): Leftover[] {
	if (!existsSync('/proc')) return [];
	const marker = `AW_TEST_RUN=${runId}`;
	return readdirSync('/proc')
		.filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
		.flatMap((entry) => {
			try {
				const environment = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
				if (!environment.includes(marker)) return [];
				const command = readFileSync(`/proc/${entry}/cmdline`, 'latin1').replaceAll('\0', ' ');
				return [{ pid: Number(entry), command: command.trim().slice(0, 160) }];
			} catch {
				return []; // gone meanwhile, or not ours to read
			}
		});
}

/**
 * Waits up to `graceMs` for the run's processes to end by themselves (a watchdog notices its
 * test's end within a second), then kills what is left; returns what had to be killed.
 */
export async function sweep(runId: string, graceMs: number): Promise<Leftover[]> {
	const deadline = Date.now() + graceMs;
	let left = processesOf(runId);
	while (left.length && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 250));
		left = processesOf(runId);
	}
	for (const { pid } of left) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// gone meanwhile
		}
	}
	return left;
}
