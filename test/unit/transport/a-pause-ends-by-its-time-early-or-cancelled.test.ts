/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The transport's one real wait (policy/clock.ts `pause`): it ends when its time is up, when
 * `early` settles, or with CancelledError once the execution is cancelled, even if it already was;
 * Infinity never ends by itself; and it leaves no timer or listener behind. Real timers, but every
 * verdict is an order of events, never a duration.
 */
import { getEventListeners } from 'node:events';
import { setTimeout as after } from 'node:timers/promises';

import { CancelledError, pause } from '../../../nodes/shared/transport/policy/clock';

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

test.each([0, 50, Infinity])('already cancelled: a pause of %s ms fails at once', async (ms) => {
	const cancelled = AbortSignal.abort();
	await expect(pause(ms, cancelled)).rejects.toBeInstanceOf(CancelledError);
});

test('cancelled while it waits: it fails with CancelledError, before anything else ends it', async () => {
	const controller = new AbortController();
	const early = after(20).then(() => 'early');
	const waiting = pause(Infinity, controller.signal, early);
	controller.abort();
	await expect(waiting).rejects.toBeInstanceOf(CancelledError);
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
});

test('Infinity never ends by itself: only `early` ends it', async () => {
	const ended: string[] = [];
	const early = after(20).then(() => ended.push('early'));
	await pause(Infinity, undefined, early).then(() => ended.push('pause'));
	expect(ended).toEqual(['early', 'pause']);
});

test('its time ends it, before a later `early`; then no listener is left on the signal', async () => {
	const controller = new AbortController();
	const ended: string[] = [];
	const early = after(200).then(() => ended.push('early'));
	await pause(10, controller.signal, early).then(() => ended.push('pause'));
	expect(ended).toEqual(['pause']);
	expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
	await early;
});

test('ended early, it leaves no timer behind', async () => {
	const before = timers();
	await pause(60_000, undefined, Promise.resolve());
	expect(timers()).toBe(before);
});
