/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * What n8n's logger is given while a run goes on: the Logger a node's `this.logger` is (n8n-core's
 * own, from its dependency injection container), each line recorded as it passes through to it.
 */
import { dirname } from 'node:path';

const LEVELS = ['error', 'warn', 'info', 'debug'] as const;

export interface LogLine {
	level: (typeof LEVELS)[number];
	message: string;
	metadata?: unknown;
}

/** n8n-core's Logger: the copy of @n8n/di and @n8n/backend-common that n8n-core itself loads. */
function n8nLogger() {
	const from = { paths: [dirname(require.resolve('n8n-core'))] };
	const { Container } = require(require.resolve('@n8n/di', from));
	const { Logger } = require(require.resolve('@n8n/backend-common', from));
	return Container.get(Logger) as Record<(typeof LEVELS)[number], (...args: unknown[]) => void>;
}

/** Runs `run` (not side by side with another run) and returns every line logged meanwhile. */
export async function loggedDuring(run: () => Promise<unknown>): Promise<LogLine[]> {
	const logger = n8nLogger();
	// A level below the one n8n logs at is a read-only no-op on the instance: nothing to record.
	const logs = (level: (typeof LEVELS)[number]) =>
		Object.getOwnPropertyDescriptor(logger, level)?.writable !== false;
	const spies = LEVELS.filter(logs).map((level) => ({ level, spy: jest.spyOn(logger, level) }));
	try {
		await run();
		return spies.flatMap(({ level, spy }) =>
			spy.mock.calls.map(([message, metadata]) => ({ level, message: String(message), metadata })),
		);
	} finally {
		for (const { spy } of spies) spy.mockRestore();
	}
}
