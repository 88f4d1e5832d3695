/**
 * Jest's order, with the long integration files first. Jest starts the files that took longest
 * last time first; on a fresh clone it has no timings and goes by file size, which would start
 * the property tests (three tiny files, each about 30 s of CPU) last and leave them running
 * alone at the end.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONG = [
	'/test/promises/exactly-once-property-',
	'/test/tooling/package.test.ts',
	'/test/promises/fault-matrix.test.ts',
	// The file that keeps real waits (about 12 s: an attempt its real time limit cuts off, a
	// cancel that must end a real wait, a dripping body), short in lines. The other files' waits
	// are on test clocks (harness/clock.ts) and take no real time.
	'/test/promises/timeouts-bound-everything.test.ts',
];

class LongFirst extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const long = (test) => LONG.some((part) => test.path.includes(part));
		return [...sorted.filter(long), ...sorted.filter((test) => !long(test))];
	}
}

module.exports = LongFirst;
