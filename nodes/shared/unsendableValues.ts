// Values JSON would change without a word (undefined, NaN, Infinity), found at any depth with their
// path (`LIMITS.max`, `IDS[1]`): Execute refuses them (docs/running-and-waiting.md).
import type { INode } from 'n8n-workflow';

import { inputError } from './errors/nodeErrors';

export interface Unsendable {
	path: string;
	value: undefined | number;
}

/** The first, depth first; no deeper than `maxDepth` (refused anyway), each object visited once. */
export function findUnsendable(
	values: Record<string, unknown>,
	maxDepth: number,
): Unsendable | undefined {
	const seen = new Set<object>();
	const entries = (value: object, path: string): Array<[string, unknown]> =>
		Array.isArray(value)
			? value.map((item, index) => [`${path}[${index}]`, item])
			: Object.entries(value).map(([name, item]) => [path ? `${path}.${name}` : name, item]);
	const stack: Array<[string, unknown, number]> = [];
	const push = (value: object, path: string, depth: number) => {
		seen.add(value);
		for (const [child, item] of entries(value, path).reverse()) stack.push([child, item, depth]);
	};
	push(values, '', 1);
	while (stack.length > 0) {
		const [path, value, depth] = stack.pop()!;
		if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
			return { path, value };
		}
		if (typeof value === 'object' && value !== null && depth < maxDepth && !seen.has(value)) {
			push(value, path, depth + 1);
		}
	}
	return undefined;
}

export function requireSendable(
	node: INode,
	field: string,
	values: Record<string, unknown>,
	maxDepth: number,
	itemIndex?: number,
) {
	const odd = findUnsendable(values, maxDepth);
	if (!odd) return;
	const { path, value } = odd;
	if (value !== undefined) {
		throw inputError(node, `${field}: ${path} is ${value}, which JSON cannot carry`, {
			itemIndex,
			description: 'Nothing was sent: JSON would send it as null. Send a finite number, or text.',
		});
	}
	// Only a parameter itself may be left out (Execute's option), not a part of its value.
	const topLevel = !/[.[]/.test(path);
	const check = 'check its expression (the item may lack the field it reads)';
	const option = topLevel ? ', or turn on Leave Out Undefined Parameters' : '';
	throw inputError(node, `${field}: ${path} came out undefined: ${check}${option}`, {
		itemIndex,
		description:
			'Nothing was sent for this item: JSON would leave the value out, and the run would use a value nobody wrote.',
	});
}
