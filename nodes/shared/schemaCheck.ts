/**
 * A fast yes for answers that keep to the contract, the usual case: a check compiled once from a
 * zod schema made of the parts the API's schemas use (objects that pass unknown keys through,
 * strings, numbers, integers, booleans, arrays, records, unknown, nullable, optional). A value it
 * accepts is one the schema accepts, with the same content (zod would return a copy); anything
 * else, and every schema with other parts, goes to zod, which names what is wrong. Return All
 * of 10,000 assets spent most of its validation time in zod's generic machinery.
 */
import type { z } from 'zod';

export type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The check for `schema`, or undefined when it has a part this does not know. */
export function compileCheck(schema: z.ZodTypeAny): Check | undefined {
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod's definitions, read as data
	const def = schema._def as any;
	const checks: Array<{ kind: string }> = def.checks ?? [];
	switch (def.typeName) {
		case 'ZodString':
			return checks.length === 0 ? (v) => typeof v === 'string' : undefined;
		case 'ZodNumber': {
			if (checks.some((c) => c.kind !== 'int')) return undefined;
			const int = checks.length > 0;
			return (v) => typeof v === 'number' && !Number.isNaN(v) && (!int || Number.isInteger(v));
		}
		case 'ZodBoolean':
			return (v) => typeof v === 'boolean';
		case 'ZodUnknown':
			return () => true;
		case 'ZodNullable':
		case 'ZodOptional': {
			const inner = compileCheck(def.innerType);
			const empty = def.typeName === 'ZodNullable' ? null : undefined;
			return inner && ((v) => v === empty || inner(v));
		}
		case 'ZodArray': {
			const item = compileCheck(def.type);
			if (!item || def.minLength || def.maxLength || def.exactLength) return undefined;
			return (v) => Array.isArray(v) && v.every(item);
		}
		case 'ZodRecord': {
			const value = compileCheck(def.valueType);
			if (!value || compileCheck(def.keyType) === undefined) return undefined;
			return (v) => isObject(v) && Object.values(v).every(value);
		}
		case 'ZodObject': {
			if (def.unknownKeys !== 'passthrough' || def.catchall?._def.typeName !== 'ZodNever')
				return undefined;
			const fields = Object.entries<z.ZodTypeAny>(def.shape()).map(
				([key, field]) => [key, compileCheck(field)] as const,
			);
			if (fields.some(([, check]) => check === undefined)) return undefined;
			return (v) => isObject(v) && fields.every(([key, check]) => check!(v[key]));
		}
		default:
			return undefined;
	}
}

const compiled = new WeakMap<z.ZodTypeAny, Check | null>();

/** The compiled check of `schema` (compiled on first use), or undefined. */
export function checkOf(schema: z.ZodTypeAny): Check | undefined {
	if (!compiled.has(schema)) compiled.set(schema, compileCheck(schema) ?? null);
	return compiled.get(schema) ?? undefined;
}
