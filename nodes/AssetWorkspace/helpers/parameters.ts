// Optional parameters as a person and an AI model both mean them: n8n makes every `$fromAI()` key
// required, so a model sends "" for "not set", which takes the default.
import type { IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';

import { requireInteger, requireUuid } from '../../shared/validation';

export function optional<T>(
	ctx: IExecuteFunctions,
	name: string,
	i: number,
	fallback: T,
	options?: IGetNodeParameterOptions,
): T {
	const value = ctx.getNodeParameter(name, i, fallback, options) as unknown;
	return value === '' || value === null || value === undefined ? fallback : (value as T);
}

/** A list, also from one value or a model's "a, b"; an empty list stays (it can mean none). */
export function optionalList(
	ctx: IExecuteFunctions,
	name: string,
	i: number,
	fallback: string[] = [],
): string[] {
	const value = optional<unknown>(ctx, name, i, fallback);
	const list = Array.isArray(value) ? value : String(value).split(',');
	return list.map((entry) => String(entry).trim()).filter(Boolean);
}

/** Return All / Limit: undefined for every result, or the Limit (default 50, at least 1). */
export function readLimit(ctx: IExecuteFunctions, i: number): number | undefined {
	if (optional(ctx, 'returnAll', i, false)) return undefined;
	const limit = optional<unknown>(ctx, 'limit', i, 50);
	return requireInteger(ctx.getNode(), 'Limit', limit, 1, Number.MAX_SAFE_INTEGER, i);
}

/** A required id (a resource locator's value, or a plain field), as a UUID; `field` names it. */
export function readId(ctx: IExecuteFunctions, name: string, field: string, i: number): string {
	const value = ctx.getNodeParameter(name, i, '', { extractValue: true });
	return requireUuid(ctx.getNode(), field, value, i);
}

/** An optional id: undefined when empty, else a UUID; `field` names it. */
export function readOptionalId(ctx: IExecuteFunctions, name: string, field: string, i: number) {
	const value = optional<string>(ctx, name, i, '', { extractValue: true });
	return value ? requireUuid(ctx.getNode(), field, value, i) : undefined;
}
