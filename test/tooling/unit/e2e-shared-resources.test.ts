/**
 * What the end-to-end suites share on one machine, as decisions (e2e/start-slots.ts, ports.ts,
 * runtime-cache.ts, runtime-sqlite.ts): which start slots a suite may take, the order ports are
 * tried in, the runtime cache's folder for a lock file, and when one runtime's sqlite3 build
 * serves another. No process, socket or file is touched.
 */
import { FIRST, LAST, portAfter } from '../../../e2e/ports';
import { cacheFolderName } from '../../../e2e/runtime-cache';
import { loads } from '../../../e2e/runtime-sqlite';
import { slotsOf } from '../../../e2e/start-slots';

describe('start slots', () => {
	test('one per core; slot 0 kept for the suites that wait for ticks', () => {
		expect(slotsOf({}, 2)).toEqual({ first: 1, slots: 2 });
		expect(slotsOf({ AW_WAITS_FOR_TICKS: '1' }, 2)).toEqual({ first: 0, slots: 2 });
		expect(slotsOf({ AW_N8N_START_SLOTS: '4' }, 2)).toEqual({ first: 1, slots: 4 });
	});

	test('with a single slot, every suite may take it', () => {
		expect(slotsOf({}, 1)).toEqual({ first: 0, slots: 1 });
		expect(slotsOf({ AW_N8N_START_SLOTS: '1' }, 8)).toEqual({ first: 0, slots: 1 });
	});
});

describe('ports', () => {
	test('come from below the range Linux hands out for port 0, and wrap around within it', () => {
		expect(LAST).toBeLessThan(32_768);
		expect(portAfter(FIRST)).toBe(FIRST + 1);
		expect(portAfter(LAST)).toBe(FIRST);
		const seen = new Set<number>();
		for (let port = FIRST, n = 0; n <= LAST - FIRST; n++, port = portAfter(port)) seen.add(port);
		expect(seen.size).toBe(LAST - FIRST + 1);
	});
});

describe('the runtime cache', () => {
	test('a line’s folder is named by its lock file’s hash: a changed lock installs beside the old', () => {
		const hash = 'a'.repeat(64);
		expect(cacheFolderName('n8n-2', hash)).toBe('n8n-2-aaaaaaaaaaaaaaaa');
		expect(cacheFolderName('n8n-2', `b${hash.slice(1)}`)).not.toBe(cacheFolderName('n8n-2', hash));
		expect(cacheFolderName('n8n-1', hash)).not.toBe(cacheFolderName('n8n-2', hash));
	});

	test('a sqlite3 build serves another runtime of the same sqlite3 on the same or a newer Node.js', () => {
		const build = { sqlite: '5.1.7', nodeMajor: 20 };
		expect(loads(build, { sqlite: '5.1.7', nodeMajor: 24 })).toBe(true);
		expect(loads(build, { sqlite: '5.1.7', nodeMajor: 20 })).toBe(true);
		expect(loads({ sqlite: '5.1.7', nodeMajor: 24 }, { sqlite: '5.1.7', nodeMajor: 20 })).toBe(
			false,
		);
		expect(loads(build, { sqlite: '5.1.6', nodeMajor: 24 })).toBe(false);
		expect(loads({ nodeMajor: 20 }, { nodeMajor: 24 })).toBe(false);
	});
});
