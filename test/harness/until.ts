/**
 * Waiting on a condition in a test: `check` is asked every `everyMs` until it gives a value, which
 * `until` returns; past `timeoutMs` it throws, naming what it waited for and (`context`) what a
 * reader of the failure needs, such as a server's last output. A check that throws fails at once.
 */
import { sleep } from './http';

export interface UntilOptions {
	/** How often `check` is asked (ms); every second by default. */
	everyMs?: number;
	/** Added to the error when time runs out. */
	context?: () => string;
}

export async function until<T>(
	what: string,
	check: () => T | false | undefined | Promise<T | false | undefined>,
	timeoutMs: number,
	{ everyMs = 1000, context }: UntilOptions = {},
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) {
			const more = context ? `\n${context()}` : '';
			throw new Error(`timed out waiting until ${what} (${timeoutMs / 1000} s)${more}`);
		}
		await sleep(everyMs);
	}
}
