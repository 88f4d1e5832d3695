// The API's answer shapes (zod/v4-mini): extra fields pass through, open parts of it are tolerated.
import * as z from 'zod/v4-mini';
import { toDotPath, type $ZodError } from 'zod/v4/core';
import { en } from 'zod/v4/locales';

const nullableString = z.nullable(z.string());
/** A time the service may leave null or empty (a pending job has not started). */
const looseTime = z.optional(nullableString);
const anyObject = z.record(z.string(), z.unknown());

export const assetSchema = z.looseObject({
	id: z.string(),
	name: z.string(),
	description: nullableString,
	type: z.string(),
	createdAt: z.string(),
	updatedAt: z.string(),
	owner: z.looseObject({
		id: nullableString,
		displayName: nullableString,
		email: z.optional(nullableString),
	}),
	parentFolder: z.nullable(z.looseObject({ id: z.string(), name: z.string() })),
	schedules: z.array(
		z.looseObject({
			cronExpression: z.string(),
			timezone: z.string(),
			nextRunAt: z.optional(nullableString),
		}),
	),
	details: z.optional(
		z.nullable(
			z.looseObject({
				tablePrefix: z.optional(nullableString),
				computeProfile: z.optional(nullableString),
			}),
		),
	),
});

export const listMetaSchema = z.looseObject({
	limit: z.int(),
	offset: z.int(),
	hasMore: z.boolean(),
});

export const assetListSchema = z.looseObject({ data: z.array(assetSchema), meta: listMetaSchema });
export const assetEnvelopeSchema = z.looseObject({ data: assetSchema });

export const versionSummarySchema = z.looseObject({
	id: z.string(),
	versionNumber: z.number(),
	recordType: z.optional(nullableString),
	published: z.boolean(),
	comment: z.optional(nullableString),
	createdAt: z.optional(nullableString),
	updatedAt: looseTime,
});

export const versionSchema = z.extend(versionSummarySchema, {
	nodes: z.array(anyObject),
	edges: z.array(anyObject),
	metadata: z.nullable(anyObject),
});

// A version as Compare reads it: the canvas may hold any JSON, so only the summary is checked
// (`optional`: zod 4 would otherwise add an absent field as `undefined`).
export const canvasVersionSchema = z.extend(versionSummarySchema, {
	nodes: z.optional(z.unknown()),
	edges: z.optional(z.unknown()),
	metadata: z.optional(z.unknown()),
});
export const canvasEnvelopeSchema = z.looseObject({
	data: z.looseObject({ version: canvasVersionSchema }),
});

export const versionListSchema = z.looseObject({
	data: z.looseObject({ versions: z.array(versionSummarySchema) }),
});
export const versionEnvelopeSchema = z.looseObject({
	data: z.looseObject({ version: versionSchema }),
});
/** Get Published: the "nothing published" answer may be `data: null` or `data.version: null`. */
export const publishedEnvelopeSchema = z.looseObject({
	data: z.nullable(z.looseObject({ version: z.nullable(versionSchema) })),
});

export const JOB_STATUSES = ['pending', 'running', 'success', 'warning', 'failed'] as const;
export const TERMINAL_STATUSES = ['success', 'warning', 'failed'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export const jobSchema = z.looseObject({
	jobId: z.string(),
	// Any status outside the documented list is "unknown": never treated as terminal.
	status: z.string(),
	assetId: z.optional(nullableString),
	jobSource: z.optional(nullableString),
	jobSourceId: z.optional(nullableString),
	startedAt: looseTime,
	finishedAt: looseTime,
});
export const jobEnvelopeSchema = z.looseObject({ data: jobSchema });

export const errorBodySchema = z.object({
	error: z.looseObject({ code: z.string(), message: z.string() }),
});

export type Asset = z.infer<typeof assetSchema>;
export type VersionSummary = z.infer<typeof versionSummarySchema>;
export type Version = z.infer<typeof versionSchema>;
export type CanvasVersion = z.infer<typeof canvasVersionSchema>;
export type Job = z.infer<typeof jobSchema>;

export function isTerminal(status: string): status is TerminalStatus {
	return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

export type Schema = z.ZodMiniType;
export type Parsed<S extends Schema> = z.infer<S>;

// zod's English messages for this parse only (zod's global configuration is left alone), and
// `jitless`: no object check compiled with `Function`, which n8n's rules forbid.
const PARSE = { error: en().localeError, jitless: true } as const;

export function parseAnswer<S extends Schema>(schema: S, value: unknown) {
	return z.safeParse(schema, value, PARSE);
}

/** The first contract break, e.g. `data[3].id: Invalid input: expected string, received number`. */
export function describeSchemaError(error: $ZodError): string {
	const issue = error.issues[0];
	const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
	return `${toDotPath(issue.path) || '(body)'}: ${issue.message}${more}`;
}
