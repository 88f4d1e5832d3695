/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What `npm test` prints: a line when a step starts or ends, and at the end each step's result,
 * when it ran (minutes from the start, to see what ran side by side), its wall and CPU time, its tests
 * and its log; then each tier's totals, what failed (which test, what it saw) and anything that
 * had to be killed.
 */
import { relative } from 'node:path';

import type { N8nCount } from '../../e2e/n8n-ledger';
import type { Counts } from './jest-report';
import type { Task } from './tasks';
import type { Leftover } from './sweep';

export const clock = (seconds: number) =>
	`${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

const tests = (counts?: Counts) =>
	counts
		? `${counts.passed}/${counts.total}${counts.failed ? ` (${counts.failed} failed)` : ''}${counts.skipped ? ` (${counts.skipped} skipped)` : ''}`
		: '';

/** The line for a task that has just started or ended. */
export function progress(task: Task, since: number): string {
	const at = clock((Date.now() - since) / 1000);
	if (task.state === 'running') return `[${at}] start  ${task.spec.name}`;
	if (task.state === 'ready') return `[${at}] ready  ${task.spec.name}`;
	const counts = task.state === 'skipped' ? undefined : task.counts();
	const word = { passed: 'pass', failed: 'FAIL', skipped: 'skip' }[task.state as string] ?? '';
	const time = task.state === 'skipped' ? '' : ` in ${clock(task.seconds)}`;
	return `[${at}] ${word.padEnd(6)} ${task.spec.name}${time}${counts ? `, ${tests(counts)} tests` : ''}`;
}

function table(rows: string[][]): string {
	const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
	return rows
		.map((row) =>
			row
				.map((cell, i) => cell.padEnd(widths[i]))
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}

export function summary(
	tasks: Task[],
	since: number,
	root: string,
	leftovers: Leftover[],
	cpus: number,
	n8n: N8nCount,
): string {
	const at = (ms: number) => (ms ? clock((ms - since) / 1000) : '');
	const rows = [['step', 'result', 'from', 'to', 'wall', 'cpu', 'tests', 'log']];
	const cpu = (task: Task) => task.cpuSeconds() ?? 0;
	for (const task of tasks)
		rows.push([
			task.spec.name,
			task.state,
			at(task.startedAt),
			at(task.endedAt),
			task.startedAt ? clock(task.seconds) : '',
			task.cpuSeconds() === undefined ? '' : clock(cpu(task)),
			tests(task.state === 'skipped' ? undefined : task.counts()),
			task.startedAt ? relative(root, task.logFile) : '',
		]);
	const tiers = [...new Set(tasks.map((task) => task.spec.tier))].map((tier) => {
		const members = tasks.filter((task) => task.spec.tier === tier && task.startedAt);
		const counts = members.map((task) => task.counts()).filter(Boolean) as Counts[];
		const from = Math.min(...members.map((t) => t.startedAt));
		const to = Math.max(...members.map((t) => t.endedAt || Date.now()));
		const total = counts.reduce((sum, c) => sum + c.total, 0);
		const wall = members.length ? clock((to - from) / 1000) : '-';
		const cpuTotal = clock(members.reduce((sum, task) => sum + cpu(task), 0));
		return `${tier}: ${wall} wall, ${cpuTotal} cpu${counts.length ? `, ${total} tests` : ''} (${members.length} step${members.length === 1 ? '' : 's'})`;
	});
	const failed = tasks.filter((task) => task.state === 'failed');
	const lines = [
		'',
		table(rows),
		'',
		`Tiers (wall time from first start to last end): ${tiers.join('; ')}`,
	];
	for (const task of failed)
		lines.push(
			'',
			`FAILED: ${task.spec.name} (full log: ${relative(root, task.logFile)})`,
			task.failures(),
		);
	if (leftovers.length)
		lines.push(
			'',
			`Killed ${leftovers.length} process(es) still running after their step had ended:`,
			...leftovers.map((p) => `  ${p.pid} ${p.command}`),
		);
	const cpuAll = tasks.reduce((sum, task) => sum + cpu(task), 0);
	lines.push(
		'',
		`n8n processes started: ${n8n.processes}: ${n8n.servers} servers and workers in ${n8n.instances} instances (${n8n.servers - n8n.instances} restarts), ${n8n.commands} CLI commands`,
		`CPU time of all steps: ${clock(cpuAll)} (on ${cpus} cores, ${clock(cpuAll / cpus)} of wall time at the least)`,
	);
	const passed = !failed.length && tasks.every((task) => task.state === 'passed');
	lines.push(
		'',
		`npm test ${passed ? 'passed' : 'FAILED'} in ${clock((Date.now() - since) / 1000)}`,
	);
	return lines.join('\n');
}
