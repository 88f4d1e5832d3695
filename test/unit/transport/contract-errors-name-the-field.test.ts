/**
 * An answer that breaks the API contract fails with a message naming the field (its path in the
 * answer, `data[3].id`) and what was expected and received, in zod's English words; the first
 * break is named, the others counted. The English is given to each parse only: zod's global
 * configuration stays as it was, for any other package in n8n's process that uses zod.
 */
import * as z from 'zod/v4-mini';

import {
	assetEnvelopeSchema,
	assetListSchema,
	jobEnvelopeSchema,
	versionListSchema,
	type Schema,
} from '../../../nodes/shared/schemas';
import { readAnswer } from '../../../nodes/shared/transport/request/answer';
import { assetPage as page, validAsset } from '../../harness/answers';

const KEY = 'aw_test_key_never_in_these_answers';

/** The failure readAnswer gives for `answer` (it throws if the answer was taken). */
function failure(answer: unknown, schema: Schema, method = 'GET') {
	const read = readAnswer(JSON.stringify(answer), schema, KEY, {
		method,
		status: 200,
		attempts: 1,
	});
	if (!('failure' in read)) throw new Error('the answer was taken');
	return read.failure;
}

const asset = (id: unknown = 'a1') => ({ ...validAsset, id });

test('a wrong type deep in a page names its path, what was expected and what came', () => {
	const answer = page([asset(), asset(), asset(), asset(3)]);
	expect(failure(answer, assetListSchema)).toEqual({
		status: 200,
		attempts: 1,
		message:
			'the answer does not match the API contract: data[3].id: Invalid input: expected string, received number',
		hint: 'Check the base URL; if it is right, the service changed its answer and this node needs an update.',
		next: 'Check the base URL.',
		contract: 'shape',
	});
});

test.each<[string, unknown, Schema, string]>([
	[
		'a missing field',
		{ data: { ...asset(), name: undefined } },
		assetEnvelopeSchema,
		'data.name: Invalid input: expected string, received undefined',
	],
	[
		'a number that is not an integer',
		page([], { offset: 1.5 }),
		assetListSchema,
		'meta.offset: Invalid input: expected int, received number',
	],
	[
		'a boolean sent as text',
		page([], { hasMore: 'false' }),
		assetListSchema,
		'meta.hasMore: Invalid input: expected boolean, received string',
	],
	[
		'null where an object belongs',
		{ data: { ...asset(), owner: null } },
		assetEnvelopeSchema,
		'data.owner: Invalid input: expected object, received null',
	],
	[
		'an object where a list belongs',
		{ data: { versions: {} } },
		versionListSchema,
		'data.versions: Invalid input: expected array, received object',
	],
	[
		'a body that is a list',
		[],
		jobEnvelopeSchema,
		'(body): Invalid input: expected object, received array',
	],
])('%s is named with its path and types', (_what, answer, schema, named) => {
	expect(failure(answer, schema).message).toBe(
		`the answer does not match the API contract: ${named}`,
	);
});

test('several breaks: the first is named, the others counted', () => {
	const answer = page([asset(1), asset(2)], { hasMore: null });
	expect(failure(answer, assetListSchema).message).toBe(
		'the answer does not match the API contract: data[0].id: Invalid input: expected string, received number (and 2 more)',
	);
});

test("an execute's garbled answer says the run was probably queued", () => {
	const { hint, next } = failure(
		{ data: { jobId: 7, status: 'pending' } },
		jobEnvelopeSchema,
		'POST',
	);
	expect(hint).toMatch(/^The service accepted the request, so the run was probably queued/);
	expect(next).toBe('The run was probably queued: check before running it again.');
});

test("the English comes with each parse, not from zod's global configuration, which is left alone", () => {
	// In n8n, the bundled zod's configuration is its own and empty. Here the zod of node_modules is
	// shared, and n8n-workflow's import of zod/v4 gave it English: take that away for this test.
	const shared = { ...z.config() };
	z.config({ localeError: undefined });
	try {
		expect(failure(page([asset(3)]), assetListSchema).message).toBe(
			'the answer does not match the API contract: data[0].id: Invalid input: expected string, received number',
		);
		expect(z.config()).toEqual({ localeError: undefined });
		const elsewhere = z.safeParse(z.string(), 3);
		expect(elsewhere.success || elsewhere.error.issues[0].message).toBe('Invalid input');
	} finally {
		z.config(shared);
	}
});
