/**
 * The paging's pure decisions (paging/names.ts, paging/search.ts), as tables: where a page's last
 * group starts, which pages join the pages read, when a group spans the seam between two pages,
 * and where a reading asks again after a page that did not join. No server: well under a second.
 */
import { groupAcross, joins, lastGroupStart } from '../../../nodes/shared/transport/paging/names';
import { further, nearer } from '../../../nodes/shared/transport/paging/search';

const page = (...names: string[]) => names.map((name, i) => ({ id: `${name}#${i}`, name }));

test.each([
	[[], 0],
	[['a'], 0],
	[['a', 'b'], 1],
	[['a', 'b', 'c'], 2],
	[['a', 'b', 'b'], 1],
	[['a', 'B', 'b'], 1],
	[['a', 'Café', 'cafe', 'CAFE'], 1],
	[['x', 'x', 'x'], 0],
	[['a', 'b', 'b-', 'b '], 1],
])('the last group of %j starts at %i', (names, start) => {
	expect(lastGroupStart(page(...names))).toBe(start);
});

test.each([
	[['a', 'b'], ['b'], true, 'a name read, right after another group'],
	[['b', 'c'], ['b'], false, 'a name read, but first in the page: its group may begin before it'],
	[['a', 'b'], ['a'], false, 'the name read leads the page'],
	[['b', 'B', 'c'], ['B'], false, 'the name read follows its own group (case aside)'],
	[['Cafe', 'Café', 'd'], ['Café'], false, 'the name read follows its own group (accents aside)'],
	[['a', 'Café', 'd'], ['Café'], true, 'after another group'],
	[['a', 'cafe', 'd'], ['Café'], false, 'another spelling of a name read is not a name read'],
	[['a', 'b', 'c'], [], false, 'no name read'],
	[[], ['a'], false, 'an empty page'],
])('%j joins the names %j read: %s (%s)', (names, read, joined) => {
	expect(joins(page(...names), new Set(read))).toBe(joined);
});

test.each([
	[['a', 'b'], ['b', 'c'], 0, 'the page after shows only assets of that group the page before did'],
	[['a', 'b'], ['c'], 0, 'another group first'],
	[['a', 'b'], [], 0, 'nothing after'],
	[[], ['a'], 0, 'nothing before'],
	[['a', 'b', 'B'], ['b*', 'c'], 3, 'a new asset of the group: it spans the seam'],
	[['a', 'b'], ['b*', 'b**'], 3, 'two new ones'],
	[['b', 'b'], ['b*'], 3, 'a group that fills the page before'],
])('%j then %j: %i assets of a group across the seam (%s)', (before, after, count) => {
	const ids = (names: string[]) =>
		names.map((name, i) => ({ id: name.includes('*') ? `${name}` : `${name}#${i}`, name }));
	const shown = ids(before);
	const next = ids(after).map((item) =>
		item.name.includes('*')
			? { id: item.id, name: item.name.replace(/\*/g, '') }
			: (shown.find((b) => b.name === item.name) ?? item),
	);
	expect(groupAcross(shown, next)).toBe(count);
});

/** Drives a search generator, answering each offset with `answer`. */
function offsets(search: Generator<number, void, boolean>, answer: (offset: number) => boolean) {
	const asked: number[] = [];
	for (let step = search.next(); !step.done; step = search.next(answer(step.value)))
		asked.push(step.value);
	return asked;
}

test.each([
	[
		100,
		99,
		198,
		[],
		'the group starts at 99: its asset before (198) is the page that did not join',
	],
	[100, 51, 198, [150], 'assets left out after it: the page from that asset'],
	[100, 0, 198, [], 'no group start'],
	[0, 99, 98, [], 'the page from that asset is the one that failed'],
	[0, 98, 98, [97], 'one left out after it'],
])('nearer(%i, %i, %i) asks %j (%s)', (from, start, failed, expected) => {
	expect(offsets(nearer(from, start, failed), () => false)).toEqual(expected);
});

test('nearer, where the asset before the last group leads the page read: the furthest page that still shows it, by halving', () => {
	// The page read last is at 100 and that asset truly stands at 130: pages up to 130 show it.
	expect(offsets(nearer(100, 1, 198), (offset) => offset <= 130)).toEqual([
		149, 125, 137, 131, 128, 130,
	]);
	expect(offsets(nearer(100, 1, 198), () => false)).toEqual([149, 125, 113, 107, 104, 102, 101]);
	expect(offsets(nearer(100, 1, 101), () => true)).toEqual([]);
});

test.each([
	[98, 100, true, [48, 0]],
	[294, 100, true, [244, 194, 94, 0]],
	[1, 100, true, [0]],
	[24, 10, true, [19, 14, 4, 0]],
	[0, 100, true, []],
])(
	'further(%i, size %i, restart %s): back half a page, twice as far each time, to 0: %j',
	(failed, size, restart, expected) => {
		expect(offsets(further(failed, size, restart), () => false)).toEqual(expected);
	},
);

test('further, where the reading may not start over: half a page back, forward a page at a time to the end, then back', () => {
	// The listing ends at the page at 490.
	expect(offsets(further(294, 100, false), (offset) => offset >= 490)).toEqual([
		244, 392, 490, 196, 98, 0,
	]);
	expect(offsets(further(50, 100, false), (offset) => offset >= 148)).toEqual([0, 148, 0]);
});
