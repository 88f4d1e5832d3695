/**
 * Jest's order, with the long integration files first. Jest starts the files that took longest
 * last time first; on a fresh clone it has no timings and goes by file size, which would start
 * the property tests (three tiny files, each about 30 s of CPU) last and leave them running
 * alone at the end.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONG = [
	'/test/promises/exactly-once-property-',
	'/test/promises/fault-matrix.test.ts',
	'/test/package.test.ts',
	// Files that wait for real deadlines (15 to 35 s each), short in lines.
	'/test/promises/timeouts-bound-everything.test.ts',
	'/test/operations/asset/execute.test.ts',
	'/test/promises/rate-limits-asset-event.test.ts',
	'/test/promises/clocks.test.ts',
];

class LongFirst extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const long = (test) => LONG.some((part) => test.path.includes(part));
		return [...sorted.filter(long), ...sorted.filter((test) => !long(test))];
	}
}

module.exports = LongFirst;
