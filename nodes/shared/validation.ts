/** Checks of user input, made before any request goes out. */
import type { INode } from 'n8n-workflow';

import { inputError } from './errors/nodeErrors';
import { requireSendable } from './unsendableValues';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UUID_REGEX_SOURCE =
	'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const PARAMETER_NAME = /^[A-Za-z0-9_]+$/;
/** Names that would reach an object's prototype in JavaScript, here or on the service. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_PARAMETER_DEPTH = 32;

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}

/** Shows a value in an error message: quoted, shortened when long. */
export function show(value: unknown): string {
	const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	return `'${text.length > 80 ? `${text.slice(0, 77)}...` : text}'`;
}

/** Where each kind of id comes from, said in the error so that a person (or a model) can go on. */
const WHERE_IDS_COME_FROM: Record<string, string> = {
	Asset: 'find the id with Asset > Get Many, Name Contains',
	Model: 'find the id with Asset > Get Many, Type Model and Name Contains',
	Folder: 'find the id with Asset > Get Many, Type Folder',
	Version: "find the id with Model Version > Get Many (the model's versions)",
	'Job ID': "a job id comes from Asset > Execute (its jobId) or the app's run details",
};

/** A UUID; anything else fails, naming the field, the value and where such an id comes from. */
export function requireUuid(
	node: INode,
	field: string,
	value: unknown,
	itemIndex?: number,
): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (!isUuid(text)) {
		const where = WHERE_IDS_COME_FROM[field];
		throw inputError(
			node,
			`${field} must be a UUID, got ${show(value)}${where ? `: ${where}` : ''}`,
			{
				itemIndex,
				description:
					'Identifiers look like 3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4a3b21. Pick the item from the list, or map the id from an earlier step.',
			},
		);
	}
	return text.toLowerCase();
}

export function isParameterName(name: string): boolean {
	return PARAMETER_NAME.test(name);
}

/** How deeply a value nests, with a stack (any depth is safe); stops past `limit`. */
function depthOf(value: unknown, limit: number): number {
	let deepest = 0;
	const stack: Array<[unknown, number]> = [[value, 0]];
	while (stack.length > 0) {
		const [current, depth] = stack.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		deepest = Math.max(deepest, depth + 1);
		if (deepest > limit) return deepest;
		for (const child of Object.values(current)) stack.push([child, depth + 1]);
	}
	return deepest;
}

/** Execute parameters: a plain object whose names are letters, digits and underscores. */
export function requireParameters(node: INode, field: string, value: unknown, itemIndex?: number) {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw inputError(
			node,
			`${field} must be a JSON object of names to values, got ${show(value)}`,
			{
				itemIndex,
				description: 'For example {"RUN_DATE": "2026-11-21", "LIMIT": 100}.',
			},
		);
	}
	for (const name of Object.keys(value)) {
		if (RESERVED_NAMES.has(name)) {
			throw inputError(node, `${field}: parameter name ${show(name)} is reserved`, {
				itemIndex,
				description:
					'The names __proto__, constructor and prototype cannot be sent: choose another name.',
			});
		}
		if (!isParameterName(name)) {
			throw inputError(
				node,
				`${field}: parameter name ${show(name)} may contain only letters, digits and underscores`,
				{ itemIndex },
			);
		}
	}
	requireSendable(node, field, value as Record<string, unknown>, MAX_PARAMETER_DEPTH, itemIndex);
	// The object itself is level 1.
	if (depthOf(value, MAX_PARAMETER_DEPTH) > MAX_PARAMETER_DEPTH) {
		throw inputError(node, `${field}: values nest more than ${MAX_PARAMETER_DEPTH} levels deep`, {
			itemIndex,
			description:
				'Nothing was sent. Flatten the value, or send it as text (JSON in a string) and parse it in the asset.',
		});
	}
	return value as Record<string, unknown>;
}

export function requireInteger(
	node: INode,
	field: string,
	value: unknown,
	min: number,
	max: number,
	itemIndex?: number,
) {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		const bounds = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
		throw inputError(node, `${field} must be a whole number ${bounds}, got ${show(value)}`, {
			itemIndex,
		});
	}
	return value;
}
