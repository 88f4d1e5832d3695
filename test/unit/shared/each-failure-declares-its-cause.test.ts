/**
 * Every failure gets the cause n8n reads (errors/cause.ts), one row per rule, as docs/errors-and-retries.md
 * tables them: the key's, the settings', a wait's (with the wait the service asked for, dated on
 * n8n's clock), the node's own. And the errors the helpers build carry it on `failure`, where n8n
 * 2.41 reads it. Pure: well under a second.
 */
import type { Failure, INode } from 'n8n-workflow';
import { ExpressionError } from 'n8n-workflow';

import { failureOf, type WhatFailed } from '../../../nodes/shared/errors/cause';
import { inputError, nodeErrorOf } from '../../../nodes/shared/errors/nodeErrors';
import { requestFailure } from '../../../nodes/shared/errors/requestErrors';
import { rateLimited, stoppedAttempt } from '../../../nodes/shared/errors/failureText';
import { OWNER } from '../../harness/http';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const NODE = { id: 'n', name: 'Asset Workspace', type: 't', typeVersion: 1 } as INode;

const ROWS: Array<[string, WhatFailed, Failure]> = [
	['401', { status: 401 }, { cause: 'credential-invalid' }],
	[
		'403 to the listing of all assets (the key itself)',
		{ status: 403, keyOnly: true },
		{ cause: 'credential-invalid' },
	],
	[
		'403 to a request naming an item or a folder',
		{ status: 403 },
		{ cause: 'configuration-invalid' },
	],
	['a redirect (the base URL points elsewhere)', { status: 301 }, { cause: 'credential-invalid' }],
	['400', { status: 400 }, { cause: 'configuration-invalid' }],
	['404 (an id or folder that is gone)', { status: 404 }, { cause: 'configuration-invalid' }],
	['409 (a model with nothing published)', { status: 409 }, { cause: 'configuration-invalid' }],
	['422', { status: 422 }, { cause: 'configuration-invalid' }],
	[
		'429 with Retry-After: 120',
		{ status: 429, retryAfterMs: 120_000 },
		{ cause: 'rate-limited', retryAfterMs: 120_000, resetsAtEpochMs: NOW + 120_000 },
	],
	[
		'429 with a fractional wait, rounded up',
		{ status: 429, retryAfterMs: 1_499.2 },
		{ cause: 'rate-limited', retryAfterMs: 1_500, resetsAtEpochMs: NOW + 1_500 },
	],
	['429 without Retry-After', { status: 429 }, { cause: 'rate-limited' }],
	['429 with Retry-After: 0', { status: 429, retryAfterMs: 0 }, { cause: 'rate-limited' }],
	['500', { status: 500 }, { cause: 'temporarily-unavailable' }],
	[
		'503 with Retry-After: 300',
		{ status: 503, retryAfterMs: 300_000 },
		{ cause: 'temporarily-unavailable', retryAfterMs: 300_000, resetsAtEpochMs: NOW + 300_000 },
	],
	['504', { status: 504 }, { cause: 'temporarily-unavailable' }],
	['408', { status: 408 }, { cause: 'temporarily-unavailable' }],
	[
		'no answer (refused, reset, timed out)',
		{ noAnswer: true },
		{ cause: 'temporarily-unavailable' },
	],
	[
		'a 2xx answer that is not JSON (a proxy page, a cut answer)',
		{ contract: 'not-json' },
		{ cause: 'temporarily-unavailable' },
	],
	['a 2xx answer of another shape', { contract: 'shape' }, { cause: 'node-defect' }],
	['bad input, refused before sending', { refused: 'input' }, { cause: 'configuration-invalid' }],
	[
		'a credential refused before sending',
		{ refused: 'credential' },
		{ cause: 'credential-invalid' },
	],
	['a failed expression', { unexpected: 'ExpressionError' }, { cause: 'configuration-invalid' }],
	[
		'an expression whose extension failed',
		{ unexpected: 'ExpressionExtensionError' },
		{ cause: 'configuration-invalid' },
	],
	[
		'an error n8n lays on the user (its UserError)',
		{ unexpected: 'UserError' },
		{ cause: 'configuration-invalid' },
	],
	['an exception no rule foresaw', { unexpected: 'TypeError' }, { cause: 'node-defect' }],
];

test.each(ROWS)('%s', (_label, what, failure) => {
	expect(failureOf(what, NOW)).toEqual(failure);
});

test('without a clock, a wait is declared without its date', () => {
	expect(failureOf({ status: 429, retryAfterMs: 5_000 })).toEqual({
		cause: 'rate-limited',
		retryAfterMs: 5_000,
	});
});

describe('the errors carry it where n8n reads it', () => {
	const request = { method: 'GET', path: '/api/public/v1/assets', keyOnly: true };

	test('a request that failed: NodeApiError.failure, the key in neither message nor description', () => {
		const apiKey = OWNER;
		const detail = stoppedAttempt({
			method: 'GET',
			baseUrl: 'https://ws.example',
			apiKey,
			attempts: 1,
			reason: 'final',
			answer: { status: 403, text: `{"error":{"code":"forbidden","message":"no: ${apiKey}"}}` },
		});
		const error = requestFailure(NODE, apiKey, request, detail, NOW);
		expect(error.failure).toEqual({ cause: 'credential-invalid' });
		expect(`${error.message} ${error.description} ${JSON.stringify(error)}`).not.toContain(apiKey);
	});

	test('a 429 whose wait is too long: the wait the service asked for', () => {
		const detail = stoppedAttempt({
			method: 'GET',
			baseUrl: 'https://ws.example',
			apiKey: OWNER,
			attempts: 1,
			reason: 'retryAfterTooLong',
			retryAfterMs: 120_000,
			answer: { status: 429, text: '' },
		});
		expect(requestFailure(NODE, OWNER, request, detail, NOW).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 120_000,
			resetsAtEpochMs: NOW + 120_000,
		});
	});

	test('a request the rate gate refused: the time left until it reopens', () => {
		const error = requestFailure(NODE, OWNER, request, rateLimited(1, 90_000, true), NOW);
		expect(error.failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 90_000,
			resetsAtEpochMs: NOW + 90_000,
		});
	});

	test('bad input, a failed expression and a bug', () => {
		expect(inputError(NODE, 'Limit must be a whole number').failure).toEqual({
			cause: 'configuration-invalid',
		});
		const expression = new ExpressionError('invalid syntax');
		expect(nodeErrorOf(NODE, expression).failure).toEqual({ cause: 'configuration-invalid' });
		expect(nodeErrorOf(NODE, new TypeError('x is undefined')).failure).toEqual({
			cause: 'node-defect',
		});
		// Our own errors keep theirs.
		const own = inputError(NODE, 'Job IDs: add at least one job id to watch');
		expect(nodeErrorOf(NODE, own)).toBe(own);
	});
});
