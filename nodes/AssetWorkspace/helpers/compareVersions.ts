// What changed between two versions of a model, assuming no shape of the canvas (how items are
// matched and where lists stop: README.md, "Compare two versions of a model").
import type { IDataObject } from 'n8n-workflow';

import type { CanvasVersion } from '../../shared/schemas';
import { canonical, countedDiff, idOf, matchedById, MAX_LISTED } from './jsonDiff';

/** Canvas layout, not configuration: a tool moved is not a tool changed. */
const LAYOUT = new Set(['position']);

const asList = (value: unknown): unknown[] =>
	Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

/** Items of two lists paired: by id when all have a unique one, else by `byValue` or position. */
function pair(from: unknown[], to: unknown[], byValue = false) {
	const keyed = (list: unknown[]) => {
		if (matchedById(from, to)) return new Map(list.map((item) => [idOf(item), item]));
		if (!byValue) return new Map(list.map((item, i) => [i, item]));
		// By value, equal items counted: the second of two equal connections is a key of its own.
		const seen = new Map<string, number>();
		return new Map(
			list.map((item) => {
				const text = canonical(item);
				seen.set(text, (seen.get(text) ?? 0) + 1);
				return [`${text}#${seen.get(text)}`, item];
			}),
		);
	};
	const [before, after] = [keyed(from), keyed(to)];
	const pairs = [...after].map(([k, item]) => ({ from: before.get(k), to: item }));
	const removed = [...before].filter(([k]) => !after.has(k)).map(([, item]) => item);
	return {
		added: pairs.filter((p) => p.from === undefined).map((p) => p.to),
		removed,
		changed: pairs.filter((p) => p.from !== undefined) as Array<{ from: unknown; to: unknown }>,
	};
}

const named = (item: unknown) => {
	if (typeof item !== 'object' || item === null || Array.isArray(item)) return {};
	const { id, type, name } = item as Record<string, unknown>;
	return Object.fromEntries(Object.entries({ id, type, name }).filter(([, v]) => v !== undefined));
};

/** How many of `total` a list of `listed` left out, under `name`, when it left any out. */
const omitted = <K extends string>(name: K, total: number, listed: number) =>
	(total > listed ? { [name]: total - listed } : {}) as Partial<Record<K, number>>;

const changedOf = (pairs: Array<{ from: unknown; to: unknown }>, ignore?: Set<string>) =>
	pairs
		.map((p) => {
			const { changes, total } = countedDiff(p.from, p.to, { ignore });
			return {
				...named(p.to),
				fields: changes,
				...omitted('fieldsOmitted', total, changes.length),
			};
		})
		.filter((c) => c.fields.length > 0);

export function compareCanvases(from: CanvasVersion, to: CanvasVersion) {
	const nodes = pair(asList(from.nodes), asList(to.nodes));
	const edges = pair(asList(from.edges), asList(to.edges), true);
	const edgesChanged = changedOf(edges.changed);
	const { changes: metadata, total } = countedDiff(from.metadata, to.metadata);
	return {
		nodes: {
			added: nodes.added,
			removed: nodes.removed,
			changed: changedOf(nodes.changed, LAYOUT),
		},
		edges: {
			added: edges.added,
			removed: edges.removed,
			...(edgesChanged.length > 0 ? { changed: edgesChanged } : {}),
		},
		metadata,
		...omitted('metadataOmitted', total, metadata.length),
	};
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The differences a comparison left out of its lists. */
function leftOut(diff: ReturnType<typeof compareCanvases>): number {
	const changed = [...diff.nodes.changed, ...(diff.edges.changed ?? [])];
	const fields = changed.reduce((sum, c) => sum + (c.fieldsOmitted ?? 0), 0);
	return fields + (diff.metadataOmitted ?? 0);
}

/** "3 tools changed, 1 added, 0 removed; 2 connections added, 0 removed; metadata unchanged". */
export function summarise(diff: ReturnType<typeof compareCanvases>): string {
	const { nodes, edges } = diff;
	const fields = diff.metadata.length + (diff.metadataOmitted ?? 0);
	const tools = `${count(nodes.changed.length, 'tool')} changed, ${nodes.added.length} added, ${nodes.removed.length} removed`;
	const relinked = edges.changed ? `, ${edges.changed.length} changed` : '';
	const links = `${count(edges.added.length, 'connection')} added, ${edges.removed.length} removed${relinked}`;
	const meta = fields ? `metadata: ${count(fields, 'field')} changed` : 'metadata unchanged';
	const cut = leftOut(diff);
	const listed = cut
		? `; ${count(cut, 'field change')} not listed (each list stops at ${MAX_LISTED})`
		: '';
	return `${tools}; ${links}; ${meta}${listed}`;
}

export function versionLabel(version: Partial<CanvasVersion>): IDataObject {
	const { id, versionNumber, published, comment } = version;
	return { versionId: id, versionNumber, published, comment } as IDataObject;
}
