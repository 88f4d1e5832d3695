/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The processes a test started, read from Linux's /proc: a process's descendants (also those in
 * other process groups, such as n8n and its task runner), the processes whose command line or
 * environment names a folder, and a way to end all of them whatever happened.
 */
import { readdirSync, readFileSync } from 'node:fs';

const read = (pid: number, file: string) => {
	try {
		return readFileSync(`/proc/${pid}/${file}`, 'utf8');
	} catch {
		return undefined; // gone, or not ours to read
	}
};

const pids = () =>
	readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.map(Number);

/** A live process (a zombie, exited but not yet reaped, is not). */
export function alive(pid: number): boolean {
	const stat = read(pid, 'stat');
	return stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

/** pid, then every process below it. */
export function processTree(pid: number): number[] {
	const parents = new Map<number, number[]>();
	for (const child of pids()) {
		const stat = read(child, 'stat');
		if (!stat) continue;
		const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
		parents.set(ppid, [...(parents.get(ppid) ?? []), child]);
	}
	const tree = [pid];
	for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
	return tree.filter(alive);
}

/** Live processes whose command line or environment contains `text` (a folder only they use). */
export function processesMentioning(text: string): number[] {
	return pids().filter(
		(pid) =>
			pid !== process.pid &&
			alive(pid) &&
			[read(pid, 'cmdline'), read(pid, 'environ')].some((value) => value?.includes(text)),
	);
}

/** An environment variable of a live process. */
export function environmentOf(pid: number, name: string): string | undefined {
	const entry = read(pid, 'environ')
		?.split('\0')
		.find((line) => line.startsWith(`${name}=`));
	return entry?.slice(name.length + 1);
}

/** SIGKILL to each process (and its process group, if it leads one). */
export function killAll(list: number[]) {
	for (const pid of list)
		for (const target of [-pid, pid]) {
			try {
				process.kill(target, 'SIGKILL');
			} catch {
				// not a group leader, or already gone
			}
		}
}
