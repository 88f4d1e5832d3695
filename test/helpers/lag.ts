/* eslint-disable @n8n/community-nodes/no-restricted-globals -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * How late this process runs its timers right now: on a machine under load a poll that keeps to
 * its window still ends late by about this much, so time bounds add it to their margin.
 */
export function watchTimerLag(everyMs = 50) {
	let last = Date.now();
	let worst = 0;
	const timer = setInterval(() => {
		const now = Date.now();
		worst = Math.max(worst, now - last - everyMs);
		last = now;
	}, everyMs);
	timer.unref();
	return {
		/** The latest a timer has fired so far (ms). */
		get worstMs() {
			return worst;
		},
		stop: () => clearInterval(timer),
	};
}
