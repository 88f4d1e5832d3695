// The differences between two JSON values of any shape, as paths (`nodes[id=a1].config`,
// `filters[2]`) with the old and new values; past MAX_DEPTH a subtree is compared whole.

export interface FieldChange {
	path: string;
	from?: unknown;
	to?: unknown;
}

const MAX_DEPTH = 64;
/** Differences listed at most per comparison (the rest are counted, not listed). */
export const MAX_LISTED = 200;

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The id an item is matched by (1 and '1' differ), or undefined when it has none. */
export function idOf(item: Json): string | number | undefined {
	if (!isObject(item)) return undefined;
	const id = item.id;
	return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** Whether every item of both lists has an id, unique in its list (then they are matched by it). */
export function matchedById(a: Json[], b: Json[]): boolean {
	const unique = (list: Json[]) => {
		const ids = list.map(idOf);
		return !ids.includes(undefined) && new Set(ids).size === list.length;
	};
	return a.length + b.length > 0 && unique(a) && unique(b);
}

/** JSON with object keys sorted, so equal values have equal text; a missing value is not null. */
export function canonical(value: Json): string {
	if (value === undefined) return '~';
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isObject(value)) {
		const keys = Object.keys(value).sort();
		return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

export interface DiffOptions {
	/** Keys of the top-level object that are not compared. */
	ignore?: Set<string>;
	limit?: number;
}

export function countedDiff(
	from: Json,
	to: Json,
	options: DiffOptions = {},
): { changes: FieldChange[]; total: number } {
	const changes: FieldChange[] = [];
	const limit = options.limit ?? MAX_LISTED;
	let total = 0;
	const walk = (a: Json, b: Json, path: string, depth: number) => {
		if (canonical(a) === canonical(b)) return;
		const at = (key: string) => (path ? `${path}.${key}` : key);
		if (depth < MAX_DEPTH && isObject(a) && isObject(b)) {
			const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
			for (const key of keys)
				if (depth > 0 || !options.ignore?.has(key)) walk(a[key], b[key], at(key), depth + 1);
			return;
		}
		if (depth < MAX_DEPTH && Array.isArray(a) && Array.isArray(b)) {
			if (matchedById(a, b)) {
				const byId = (list: Json[]) => new Map(list.map((item) => [idOf(item)!, item]));
				const [left, right] = [byId(a), byId(b)];
				for (const id of new Set([...left.keys(), ...right.keys()])) {
					walk(left.get(id), right.get(id), `${path}[id=${id}]`, depth + 1);
				}
				return;
			}
			for (let i = 0; i < Math.max(a.length, b.length); i++)
				walk(a[i], b[i], `${path}[${i}]`, depth + 1);
			return;
		}
		if (++total <= limit) changes.push({ path: path || '(value)', from: a, to: b });
	};
	walk(from, to, '', 0);
	return { changes, total };
}
