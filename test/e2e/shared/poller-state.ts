/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * Where n8n 2.41's durable poll scheduler keeps a failing trigger's backoff: a row of its
 * `poller_state` table per trigger (`consecutiveErrors`, `backoffUntil`, `updatedAt`, written by
 * one statement from the database's own clock: n8n's poller-state.repository recordFailure), which
 * each tick reads before it polls (poll-trigger-task-handler: no poll while `backoffUntil` is
 * ahead). Read, and moved to now, in the shared n8n's SQLite file by the Node.js 24 of the n8n-2
 * runtime (its `node:sqlite`; ours, Node.js 20, has none), waiting out n8n's own writes.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

import { runtimeOf } from '../../../e2e/runtime';
import type { SharedN8n } from '../../../e2e/shared-n8n';

export interface PollerState {
	consecutiveErrors: number;
	/** When n8n lets the trigger poll again (ms since the epoch), null when it is not backing off. */
	backoffUntil: number | null;
	/** When n8n wrote the row last: for a failure, the moment it computed the backoff from. */
	updatedAt: number;
}

// SQLite keeps n8n's times as 'YYYY-MM-DD HH:MM:SS.SSS' in UTC.
const SCRIPT = `
const { DatabaseSync } = require('node:sqlite');
const [file, sql, ...params] = JSON.parse(process.env.AW_SQL);
const db = new DatabaseSync(file);
db.exec('PRAGMA busy_timeout = 60000');
const rows = sql.startsWith('SELECT') ? db.prepare(sql).all(...params) : [db.prepare(sql).run(...params)];
process.stdout.write(JSON.stringify(rows));
`;

function query(n8n: SharedN8n, sql: string, ...params: string[]): Array<Record<string, unknown>> {
	const file = join(dirname(n8n.descriptor.logs.main), 'main', '.n8n', 'database.sqlite');
	const run = spawnSync(runtimeOf('n8n-2').node, ['--no-warnings', '-e', SCRIPT], {
		env: { AW_SQL: JSON.stringify([file, sql, ...params]) },
		encoding: 'utf8',
		timeout: 120_000,
	});
	if (run.status !== 0) throw new Error(`poller_state ${sql}: ${run.stderr || run.error}`);
	return JSON.parse(run.stdout);
}

const time = (value: unknown) =>
	typeof value === 'string' ? Date.parse(`${value.replace(' ', 'T')}Z`) : null;

/** The trigger's row, or undefined before n8n has made one. */
export function pollerState(
	n8n: SharedN8n,
	workflowId: string,
	nodeId: string,
): PollerState | undefined {
	const [row] = query(
		n8n,
		'SELECT consecutiveErrors, backoffUntil, updatedAt FROM poller_state WHERE workflowId = ? AND nodeId = ?',
		workflowId,
		nodeId,
	);
	if (!row) return undefined;
	return {
		consecutiveErrors: Number(row.consecutiveErrors),
		backoffUntil: time(row.backoffUntil),
		updatedAt: time(row.updatedAt)!,
	};
}

/**
 * What the passing of time would do to the trigger's backoff: its end moved to now, so that the
 * next tick polls (simulated time on a real n8n; the failure count is n8n's to reset).
 */
export function endBackoff(n8n: SharedN8n, workflowId: string, nodeId: string) {
	query(
		n8n,
		"UPDATE poller_state SET backoffUntil = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW') WHERE workflowId = ? AND nodeId = ? AND backoffUntil IS NOT NULL",
		workflowId,
		nodeId,
	);
}
