/** The Model Version event's rules, without n8n or HTTP. */
import type { ModelsState } from '../../../../nodes/AssetWorkspaceTrigger/events/modelVersion/state';
import {
	observeUnreadableModel,
	observeVersions,
} from '../../../../nodes/AssetWorkspaceTrigger/events/modelVersion/watch';

const M = 'model-1';
const v = (n: number, published = false) => ({
	id: `v${n}`,
	versionNumber: n,
	published,
	comment: `version ${n}`,
});
const kinds = (events: Array<{ event: string; version: { id: string } }>) =>
	events.map((e) => `${e.event} ${e.version.id}`);

test('the first sighting learns what exists and fires nothing', () => {
	const state: ModelsState = {};
	expect(observeVersions(state, M, [v(3), v(2, true), v(1)], false)).toEqual([]);
	expect(state[M]).toEqual({ last: 3, published: 'v2', publishedNumber: 2 });
});

test('with emitExisting, the first sighting fires every version and the published one', () => {
	expect(kinds(observeVersions({}, M, [v(2, true), v(1)], true))).toEqual([
		'created v1',
		'created v2',
		'published v2',
	]);
});

test('each new version fires once; a publish fires once, with the version published before', () => {
	const state: ModelsState = {};
	observeVersions(state, M, [v(2, true), v(1)], false);
	expect(kinds(observeVersions(state, M, [v(4), v(3), v(2, true), v(1)], false))).toEqual([
		'created v3',
		'created v4',
	]);
	const published = observeVersions(state, M, [v(4, true), v(3), v(2), v(1)], false);
	expect(published).toEqual([
		{ event: 'published', assetId: M, version: v(4, true), previousPublished: v(2) },
	]);
	expect(observeVersions(state, M, [v(4, true), v(3), v(2), v(1)], false)).toEqual([]);
});

test('created and published in one poll fire both, in order; a publish of an older version fires too', () => {
	const state: ModelsState = {};
	observeVersions(state, M, [v(1, true)], false);
	expect(kinds(observeVersions(state, M, [v(2, true), v(1)], false))).toEqual([
		'created v2',
		'published v2',
	]);
	expect(kinds(observeVersions(state, M, [v(2), v(1, true)], false))).toEqual(['published v1']);
});

test('the version published before may be gone: its id and number are still given', () => {
	const state: ModelsState = {};
	observeVersions(state, M, [v(2, true), v(1)], false);
	const [event] = observeVersions(state, M, [v(3, true), v(1)], false).filter(
		(e) => e.event === 'published',
	);
	expect(event.previousPublished).toEqual({ id: 'v2', versionNumber: 2 });
});

test('unpublishing fires nothing; publishing again fires', () => {
	const state: ModelsState = {};
	observeVersions(state, M, [v(1, true)], false);
	expect(observeVersions(state, M, [v(1)], false)).toEqual([]);
	expect(kinds(observeVersions(state, M, [v(1, true)], false))).toEqual(['published v1']);
});

test('a 404 or 403 is reported once; the model is learned when it becomes readable', () => {
	const state: ModelsState = {};
	expect(observeUnreadableModel(state, M, 'notFound')).toBe(true);
	expect(observeUnreadableModel(state, M, 'notFound')).toBe(false);
	expect(observeUnreadableModel(state, M, 'forbidden')).toBe(true);
	expect(observeVersions(state, M, [v(1, true)], false)).toEqual([]);
	expect(kinds(observeVersions(state, M, [v(2), v(1, true)], false))).toEqual(['created v2']);
});

test('a model readable at last but with no version yet is learned: its first version fires', () => {
	const state: ModelsState = {};
	observeUnreadableModel(state, M, 'notFound');
	expect(observeVersions(state, M, [], false)).toEqual([]);
	expect(kinds(observeVersions(state, M, [v(1, true)], false))).toEqual([
		'created v1',
		'published v1',
	]);
});
