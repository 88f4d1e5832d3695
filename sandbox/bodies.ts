/* eslint-disable @n8n/community-nodes/require-node-api-error -- dev-only code, never published: it runs on Node.js, outside n8n */
/**
 * The control endpoints' request bodies, checked before anything changes: a body that does not fit
 * is refused with 400 `invalid_body`, naming the field and the value, and nothing is applied. What
 * they let in keeps the public API's answers inside the contract (names are strings, a canvas is
 * arrays of objects and an object, an asset's type is one the API shows).
 */
import { z } from 'zod';

import { ApiError } from './errors';
import { FAULT_KINDS } from './faults';
import { UUID } from './http';
import { JOB_STATUSES } from './jobs';

const name = z.string().refine((text) => text.trim() !== '', 'must not be empty');
const folderId = z.string().regex(UUID, 'must be a UUID or null').nullable();
const object = z.record(z.string(), z.unknown());

export const jobControlBody = z
	.object({ status: z.enum(JOB_STATUSES).optional(), hold: z.boolean().optional() })
	.strict();

export const faultBody = z
	.object({
		match: z.string().startsWith('/', "must be a path prefix starting with '/'"),
		method: z
			.string()
			.regex(/^[A-Za-z]+$/, 'must be an HTTP method')
			.optional(),
		query: z.record(z.string(), z.string()).optional(),
		times: z.number().int().min(1),
		fault: z.enum(FAULT_KINDS),
		status: z.number().int().min(200).max(599).optional(),
		retryAfterSeconds: z.number().int().min(0).optional(),
		delayMs: z.number().int().min(0).optional(),
		echoRequest: z.boolean().optional(),
	})
	.strict()
	.refine((f) => f.fault !== 'status' || (f.status !== undefined && f.status >= 400), {
		message: "must be between 400 and 599 for a 'status' fault",
		path: ['status'],
	})
	.transform((f) => ({ ...f, method: f.method?.toUpperCase() }));

export const newVersionBody = z
	.object({
		comment: z.string().optional(),
		publish: z.boolean().optional(),
		nodes: z.array(object).optional(),
		edges: z.array(object).optional(),
		metadata: object.optional(),
	})
	.strict();

export const newAssetBody = z
	.object({
		name: name.optional(),
		type: z.enum(['Folder', 'Model', 'Source', 'Orchestration', 'Python']).optional(),
		folderId: folderId.optional(),
	})
	.strict();
export type NewAsset = z.infer<typeof newAssetBody>;

export const assetChangeBody = z
	.object({
		name: name.optional(),
		description: z.string().nullable().optional(),
		folderId: folderId.optional(),
	})
	.strict();
export type AssetChange = z.infer<typeof assetChangeBody>;

/** A value as an error message shows it: JSON, shortened when long. */
function show(value: unknown) {
	const text = value === undefined ? 'nothing' : JSON.stringify(value);
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** What an issue asks for, said as "must ...". */
function rule(issue: z.ZodIssue): string {
	switch (issue.code) {
		case 'invalid_type':
			return `must be ${/^[aeio]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
		case 'invalid_enum_value':
			return `must be one of ${issue.options.join(', ')}`;
		case 'too_small':
			return `must be at least ${issue.minimum}`;
		case 'too_big':
			return `must be at most ${issue.maximum}`;
		default:
			return issue.message;
	}
}

function describe(issue: z.ZodIssue, body: unknown): string {
	const value = issue.path.reduce<unknown>(
		(at, part) =>
			at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined,
		body,
	);
	const field = issue.path.reduce<string>(
		(text, part) =>
			typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part,
		'',
	);
	if (issue.code === 'unrecognized_keys')
		return `Unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')} in the body.`;
	return `${field ? `Field '${field}'` : 'The body'} ${rule(issue)}, got ${show(value)}.`;
}

/** The body's JSON (an empty body is `{}`). */
export function readJson(raw: string): unknown {
	try {
		return raw.trim() === '' ? {} : JSON.parse(raw);
	} catch {
		throw new ApiError(400, 'invalid_body', 'Request body is not valid JSON.');
	}
}

/** Checks a control body with a schema; anything else is a 400 naming the field and the value. */
export function check<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
	const parsed = schema.safeParse(body);
	if (!parsed.success)
		throw new ApiError(400, 'invalid_body', describe(parsed.error.issues[0], body));
	return parsed.data;
}
