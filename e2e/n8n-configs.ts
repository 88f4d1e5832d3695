/* eslint-disable @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The ways of running n8n that the end-to-end suites share one n8n of, per line (`npm test` starts
 * one of each that its suites name: e2e/n8n-host.ts):
 * - `default`: `n8n start` as n8n ships (without a task runner on 2.x: LINE_ENV), SQLite,
 *   executions in the main process; on 2.x it serves the editor (the screenshots use it);
 * - `durable`: n8n 2.x with its scheduler and durable poll cursors on (each poll's state is
 *   committed; n8n 1.x has no such mode);
 * - `queue`: n8n 2.x in queue mode, as users scale it out: one main, two workers, Redis and
 *   PostgreSQL (e2e/queue.ts).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

import type { N8nLine } from './runtime-lines';

export const N8N_CONFIGS = ['default', 'durable', 'queue'] as const;
export type N8nConfig = (typeof N8N_CONFIGS)[number];

/** n8n 2.41 with durable poll cursors (off by default): each poll's state is committed. */
export const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/**
 * What a shared n8n of a line runs with beyond its configuration (every process of it, queue
 * mode's workers too). n8n 1.x opens SQLite in its
 * rollback-journal mode by default (pool size 0), where the transactions of suites side by side
 * on one n8n fail each other ("Transaction is not started yet"); it runs with the pool of 3 in
 * WAL mode that n8n 2.x has by default (and n8n recommends for 1.x).
 */
export const LINE_ENV: Record<N8nLine, Record<string, string>> = {
	// No task runner (no suite runs a Code node, which would wait 60 s for one and fail; an idle
	// runner and n8n's answers to its offers, four a second, cost about 2 s of CPU a minute) and a
	// database ping a minute, not every 2 s: an idle n8n 2.41 took 8 s of CPU a minute, now 2.5.
	'n8n-2': {
		N8N_RUNNERS_MODE: 'external',
		N8N_RUNNERS_AUTH_TOKEN: randomUUID(), // external mode requires one; no runner uses it
		DB_PING_INTERVAL_SECONDS: '60',
	},
	'n8n-1': { DB_SQLITE_POOL_SIZE: '3' },
};

/** The lines each configuration runs on. */
export const CONFIG_LINES: Record<N8nConfig, readonly N8nLine[]> = {
	default: ['n8n-2', 'n8n-1'],
	durable: ['n8n-2'],
	queue: ['n8n-2'],
};

/**
 * The shared n8n that serves its editor (n8n's UI): the screenshots suite drives it there, as
 * n8n 2.x ships (each start of it costs about 4.5 s more CPU, 15.6 s against 11.0 to 11.5).
 */
export const servesEditor = (line: N8nLine, config: N8nConfig) =>
	line === 'n8n-2' && config === 'default';

/** Queue mode's workers (the queue suite spreads calls over both and kills each once). */
export const QUEUE_WORKERS = 2;

export function checkConfig(config: string, line: N8nLine, what: string): N8nConfig {
	if (!(N8N_CONFIGS as readonly string[]).includes(config))
		throw new Error(`${what}: "${config}" is no configuration; they are ${N8N_CONFIGS.join(', ')}`);
	if (!CONFIG_LINES[config as N8nConfig].includes(line))
		throw new Error(
			`${what}: ${config} runs on ${CONFIG_LINES[config as N8nConfig].join(', ')} only`,
		);
	return config as N8nConfig;
}

/** A host's name: the runner's step ("n8n n8n-2 durable") and its descriptor file's. */
export const hostName = (line: N8nLine, config: N8nConfig) => `n8n ${line} ${config}`;
export const descriptorFile = (line: N8nLine, config: N8nConfig) => `${line}-${config}.json`;

/** The note the runner leaves in `dir` once a suite's step has ended (a host's `--ended-dir`). */
export const endedNote = (dir: string, suite: string) => join(dir, encodeURIComponent(suite));
