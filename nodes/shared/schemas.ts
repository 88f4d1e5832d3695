/**
 * The API's response shapes, in one place. Extra fields pass through untouched. Where the
 * contract leaves a shape open the schema is tolerant: times may be null or empty (a pending job
 * has not started), a job status outside the documented five is kept (and never terminal), and
 * "nothing published" may come as `data: null` or `data.version: null`.
 */
import { z } from 'zod';

const nullableString = z.string().nullable();
/** A time the service may leave null or empty (a pending job has not started). */
const looseTime = z.string().nullable().optional();

export const assetSchema = z
	.object({
		id: z.string(),
		name: z.string(),
		description: nullableString,
		type: z.string(),
		createdAt: z.string(),
		updatedAt: z.string(),
		owner: z
			.object({ id: nullableString, displayName: nullableString, email: nullableString.optional() })
			.passthrough(),
		parentFolder: z.object({ id: z.string(), name: z.string() }).passthrough().nullable(),
		schedules: z.array(
			z
				.object({
					cronExpression: z.string(),
					timezone: z.string(),
					nextRunAt: nullableString.optional(),
				})
				.passthrough(),
		),
		details: z
			.object({ tablePrefix: nullableString.optional(), computeProfile: nullableString.optional() })
			.passthrough()
			.nullable()
			.optional(),
	})
	.passthrough();

export const listMetaSchema = z
	.object({ limit: z.number().int(), offset: z.number().int(), hasMore: z.boolean() })
	.passthrough();

export const assetListSchema = z
	.object({ data: z.array(assetSchema), meta: listMetaSchema })
	.passthrough();
export const assetEnvelopeSchema = z.object({ data: assetSchema }).passthrough();

export const versionSummarySchema = z
	.object({
		id: z.string(),
		versionNumber: z.number(),
		recordType: z.string().nullable().optional(),
		published: z.boolean(),
		comment: z.string().nullable().optional(),
		createdAt: z.string().nullable().optional(),
		updatedAt: looseTime,
	})
	.passthrough();

export const versionSchema = versionSummarySchema
	.extend({
		nodes: z.array(z.record(z.unknown())),
		edges: z.array(z.record(z.unknown())),
		metadata: z.record(z.unknown()).nullable(),
	})
	.passthrough();

/**
 * A version as Compare reads it: the canvas may hold any JSON (its shape is not in the contract),
 * so nothing past the summary fields is checked.
 */
export const canvasVersionSchema = versionSummarySchema
	.extend({ nodes: z.unknown(), edges: z.unknown(), metadata: z.unknown() })
	.passthrough();
export const canvasEnvelopeSchema = z
	.object({ data: z.object({ version: canvasVersionSchema }).passthrough() })
	.passthrough();

export const versionListSchema = z
	.object({ data: z.object({ versions: z.array(versionSummarySchema) }).passthrough() })
	.passthrough();
export const versionEnvelopeSchema = z
	.object({ data: z.object({ version: versionSchema }).passthrough() })
	.passthrough();
/** Get Published: the "nothing published" answer may be `data: null` or `data.version: null`. */
export const publishedEnvelopeSchema = z
	.object({ data: z.object({ version: versionSchema.nullable() }).passthrough().nullable() })
	.passthrough();

export const JOB_STATUSES = ['pending', 'running', 'success', 'warning', 'failed'] as const;
export const TERMINAL_STATUSES = ['success', 'warning', 'failed'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export const jobSchema = z
	.object({
		jobId: z.string(),
		// Any status outside the documented list is "unknown": never treated as terminal.
		status: z.string(),
		assetId: z.string().nullable().optional(),
		jobSource: z.string().nullable().optional(),
		jobSourceId: z.string().nullable().optional(),
		startedAt: looseTime,
		finishedAt: looseTime,
	})
	.passthrough();
export const jobEnvelopeSchema = z.object({ data: jobSchema }).passthrough();

export const errorBodySchema = z.object({
	error: z.object({ code: z.string(), message: z.string() }).passthrough(),
});

export type Asset = z.infer<typeof assetSchema>;
export type VersionSummary = z.infer<typeof versionSummarySchema>;
export type Version = z.infer<typeof versionSchema>;
export type CanvasVersion = z.infer<typeof canvasVersionSchema>;
export type Job = z.infer<typeof jobSchema>;

export function isTerminal(status: string): status is TerminalStatus {
	return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Names the first contract break of a zod error, e.g. `data[3].id: Expected string, received
 * number`.
 */
export function describeSchemaError(error: z.ZodError): string {
	const issue = error.issues[0];
	const path = issue.path.reduce<string>(
		(text, part) =>
			typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : String(part),
		'',
	);
	const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
	return `${path || '(body)'}: ${issue.message}${more}`;
}
